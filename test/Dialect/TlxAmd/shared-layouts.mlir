// RUN: tlx-opt %s | tlx-opt | FileCheck %s
// Round trip of the shared-memory layouts (here as attributes of a
// function; memory descriptors carry them).

// CHECK: #tlxamd.swizzled_shared<{vec = 8, per_phase = 2, max_phase = 4, order = [1, 0]}>
// CHECK: #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16, transposed = false}>
// CHECK: #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = true}>
// CHECK: #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 32, transposed = false, rank = 3}>
// CHECK: #tlxamd.padded_shared<{interval_padding_pairs = {{\[\[}}64, 4], [512, 8]], order = [0, 1]}>
func.func private @layouts() attributes {x.layouts = [
  #tlxamd.swizzled_shared<{vec = 8, per_phase = 2, max_phase = 4, order = [1, 0]}>,
  #tlxamd.nvmma_shared<{swizzle_bytes = 128, element_bits = 16}>,
  #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 8, transposed = true}>,
  #tlxamd.nvmma_shared<{swizzle_bytes = 0, element_bits = 32, rank = 3}>,
  #tlxamd.padded_shared<{interval_padding_pairs = [[64, 4], [512, 8]], order = [0, 1]}>]}
