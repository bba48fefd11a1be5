// The sanitizer's mbarrier watchdog (W8): a sanitized kernel's waits become
// mbarrier_wait_watchdog (its violation ring the new last argument, a site
// naming the wait), lowered to single tries of the phase in a loop that
// reads the global timer; past 2 s (2,000,000,000 ns) thread 0 claims a
// record in the ring (an atomic add on word 0) instead of waiting on; to
// PTX and through ptxas.
// RUN: tlx-opt %S/Inputs/tma_sm90a.mlir --tlxamd-instrument-contracts=target=sm_90a | FileCheck %s --check-prefix=IR
// RUN: %tlx-compile %S/Inputs/tma_sm90a.mlir --target sm_90a --sanitize -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// IR: gpu.func @tma_tile({{.*}}, %[[RING:.*]]: !tlxamd.ptr<i32> {tlxamd.violations})
// IR-SAME: tlxamd.contract_sites = [{check = "the wait completes within 2000 ms", loc = "{{.*}}tma_sm90a.mlir:{{[0-9]+}}:{{[0-9]+}}", op = "tlxamd.mbarrier_wait", rule = "W8"}]
// IR-NOT: tlxamd.mbarrier_wait %
// IR: tlxamd.mbarrier_wait_watchdog %[[RING]], %{{.*}}, %{{.*}} {site = 0 : i32, timeout_ms = 2000 : i32}

// PTX: mov.u64 %rd[[START:[0-9]+]], %globaltimer;
// PTX: $L__BB0_[[TRY:[0-9]+]]:
// PTX: mbarrier.try_wait.parity.shared::cta.b64 p, [%r{{[0-9]+}}], %r{{[0-9]+}};
// PTX-NEXT: selp.u32
// PTX: mov.u64 %rd[[NOW:[0-9]+]], %globaltimer;
// PTX: sub.s64 %rd[[SPENT:[0-9]+]], %rd[[NOW]], %rd[[START]];
// PTX: setp.lt.u64 %p{{[0-9]+}}, %rd[[SPENT]], 2000000001;
// PTX: atom.global.add.u32
