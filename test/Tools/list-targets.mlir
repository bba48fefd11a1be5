// The compile driver prints the capability table.
// RUN: %tlx-compile --list-targets | FileCheck %s
// RUN: not %tlx-compile 2>&1 | FileCheck %s --check-prefix=NOINPUT

// CHECK: target{{ +}}vendor{{ +}}family{{ +}}warp{{ +}}shared
// CHECK: gfx942{{ +}}amd{{ +}}CDNA3 (MI300){{ +}}64{{ +}}64 KiB{{ +}}1,2,4{{ +}}f16{{ +}}cdna3{{ +}}256{{ +}}3{{ +}}-
// CHECK: gfx950*{{ +}}amd{{ +}}CDNA4 (MI350){{ +}}64{{ +}}160 KiB{{ +}}1,2,4,12,16{{ +}}f16+bf16{{ +}}cdna3{{ +}}256{{ +}}4
// CHECK: gfx1250{{ +}}amd{{ +}}gfx1250{{ +}}32{{ +}}320 KiB{{.*}}none{{ +}}0{{ +}}-{{ +}}3
// CHECK: sm_90a*{{ +}}nvidia{{ +}}Hopper{{ +}}32{{ +}}227 KiB{{ +}}4,8,16{{.*}}ptx{{.*}}nvptx64-nvidia-cuda
// CHECK: sm_100a{{ +}}nvidia{{ +}}Blackwell{{ +}}32{{ +}}227 KiB{{.*}}256 KiB{{ +}}8
// CHECK: gfx950 matrix instructions:
// CHECK: mfma: {{.*}}16x16x32 bf16->f32 (k_width 8)
// CHECK: scaled_mfma: 32x32x64 f8f6f4->f32 (k_width 32)
// CHECK: sm_100a matrix instructions:
// CHECK: tcgen05: 128x256x16 f16->f32
// NOINPUT: error: an input file is required (or --list-targets)
