// The textbook tl.dot K loop (layout-free, num_stages = 3 on the kernel;
// Inputs/pipelined_dot.mlir) through the whole pipeline: tlxamd-pipeline
// stages both operands through three shared-memory buffers.
// RUN: %tlx-compile %S/Inputs/pipelined_dot.mlir --target gfx950 | FileCheck %s --check-prefix=GFX950
// RUN: %tlx-compile %S/Inputs/pipelined_dot.mlir --target gfx942 | FileCheck %s --check-prefix=GFX942
// RUN: %tlx-compile %S/Inputs/pipelined_dot.mlir --target sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.ptx
// RUN: ptxas -arch=sm_90a %t.ptx -o %t.cubin

// gfx950: per K step one 16-byte direct-to-LDS copy per operand and lane,
// the tile of this step read back as 128-bit A reads and transposed B
// reads, two MFMAs; the shared-memory reads do not wait for the copies in
// flight (they are marked not to alias them: only the async_wait's
// vmcnt orders them), so the copies of step i + 2 overlap the MFMAs.
// GFX950-LABEL: textbook:
// GFX950-COUNT-4: buffer_load_dwordx4 v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds
// GFX950: Inner Loop Header: Depth=1
// GFX950: s_barrier
// GFX950-NOT: s_waitcnt vmcnt
// GFX950-DAG: ds_read_b64_tr_b16
// GFX950-DAG: buffer_load_dwordx4 {{.*}} offen lds
// GFX950-DAG: buffer_load_dwordx4 {{.*}} offen lds
// GFX950-NOT: s_waitcnt vmcnt
// GFX950: v_mfma_f32_32x32x16_bf16
// GFX950-NOT: s_waitcnt vmcnt
// GFX950: v_mfma_f32_32x32x16_bf16
// GFX950-NOT: v_mfma
// GFX950: s_cbranch_scc1

// gfx942 copies 4 bytes a lane at most: no staging, the loads stay
// global (the register form of the pipeline), four MFMAs per step.
// GFX942-LABEL: textbook:
// GFX942-NOT: offen lds
// GFX942: global_load_dwordx4
// GFX942-COUNT-4: v_mfma_f32_32x32x8_bf16
// GFX942-NOT: offen lds
// GFX942: s_endpgm

// sm_90a: cp.async 16 bytes a lane; one barrier per K step (the wait's,
// after the fence that hands the landed tile to the async proxy), then
// the refill of the buffer read two steps before, then wgmma straight
// from the two buffers, one group left in flight across the loop's back
// edge; all retired after the loop.
// SM90-LABEL: .entry textbook
// SM90-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// SM90: Inner Loop Header
// SM90: cp.async.wait_group 1;
// SM90-NEXT: fence.proxy.async.shared::cta;
// SM90-NEXT: bar.sync 0;
// SM90-COUNT-4: cp.async.cg.shared.global
// SM90-NEXT: cp.async.commit_group;
// SM90-NOT: bar.sync
// SM90: wgmma.fence.sync.aligned;
// SM90: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// SM90: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// SM90: wgmma.commit_group.sync.aligned;
// SM90: wgmma.wait_group.sync.aligned 1;
// SM90-NOT: bar.sync
// SM90: bra.uni
// SM90: cp.async.wait_group 0;
// SM90: wgmma.wait_group.sync.aligned 0;
