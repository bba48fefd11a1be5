// RUN: tlx-opt %s -split-input-file -verify-diagnostics
// Every shared-layout parameter rule is a verifier error naming the field.

// expected-error@+1 {{vec = 3 must be a power of two between 1 and 1024}}
func.func private @f() attributes {x.l = #tlxamd.swizzled_shared<{vec = 3, per_phase = 1, max_phase = 1, order = [1, 0]}>}

// -----

// expected-error@+1 {{order must be a permutation of 0..1}}
func.func private @f() attributes {x.l = #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, max_phase = 8, order = [0, 0]}>}

// -----

// expected-error@+1 {{#tlxamd.swizzled_shared is missing field 'max_phase'}}
func.func private @f() attributes {x.l = #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, order = [1, 0]}>}

// -----

// expected-error@+1 {{#tlxamd.swizzled_shared has no field 'phase'}}
func.func private @f() attributes {x.l = #tlxamd.swizzled_shared<{vec = 4, per_phase = 1, max_phase = 2, phase = 1, order = [1, 0]}>}

// -----

// expected-error@+1 {{swizzle_bytes must be 0, 32, 64 or 128, got 96}}
func.func private @f() attributes {x.l = #tlxamd.nvmma_shared<{swizzle_bytes = 96, element_bits = 16}>}

// -----

// expected-error@+1 {{element_bits must be 8, 16, 32 or 64, got 4}}
func.func private @f() attributes {x.l = #tlxamd.nvmma_shared<{swizzle_bytes = 32, element_bits = 4}>}

// -----

// expected-error@+1 {{a swizzled nvmma_shared layout has rank >= 2}}
func.func private @f() attributes {x.l = #tlxamd.nvmma_shared<{swizzle_bytes = 32, element_bits = 16, rank = 1}>}

// -----

// expected-error@+1 {{a transposed nvmma_shared layout has rank 2, got 3}}
func.func private @f() attributes {x.l = #tlxamd.nvmma_shared<{swizzle_bytes = 64, element_bits = 16, transposed = true, rank = 3}>}

// -----

// expected-error@+1 {{interval 48 must be a positive power of two}}
func.func private @f() attributes {x.l = #tlxamd.padded_shared<{interval_padding_pairs = [[48, 4]], order = [1, 0]}>}

// -----

// expected-error@+1 {{padding 3 must be a positive power of two}}
func.func private @f() attributes {x.l = #tlxamd.padded_shared<{interval_padding_pairs = [[64, 3]], order = [1, 0]}>}

// -----

// expected-error@+1 {{intervals must increase strictly}}
func.func private @f() attributes {x.l = #tlxamd.padded_shared<{interval_padding_pairs = [[64, 4], [64, 8]], order = [1, 0]}>}

// -----

// expected-error@+1 {{interval_padding_pairs must have at least one pair}}
func.func private @f() attributes {x.l = #tlxamd.padded_shared<{interval_padding_pairs = [], order = [1, 0]}>}

// -----

// expected-error@+1 {{bases must all have 2 coordinates}}
func.func private @f() attributes {x.l = #tlxamd.padded_shared<{interval_padding_pairs = [[64, 4, 2]], order = [1, 0]}>}
