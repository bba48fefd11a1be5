// M11's check written by hand: lanes 16 and up of the warp skip the branch,
// so the check inside it sees a partial warp and its first lane records.
gpu.module @lanes {
  gpu.func @lanes(%ring: !tlxamd.ptr<i32>) kernel attributes {tlxamd.num_warps = 1 : i32} {
    %tid = gpu.thread_id x
    %c16 = arith.constant 16 : index
    %lt = arith.cmpi ult, %tid, %c16 : index
    scf.if %lt {
      tlxamd.active_lanes_check %ring {site = 0 : i32} : !tlxamd.ptr<i32>
    }
    gpu.return
  }
}
