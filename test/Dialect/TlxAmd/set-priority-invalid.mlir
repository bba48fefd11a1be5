// amd_set_priority takes s_setprio's range, 0 ... 3.
// RUN: tlx-opt %s -split-input-file -verify-diagnostics

func.func @f() {
  // expected-error @+1 {{attribute 'priority' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  tlxamd.amd_set_priority 4
  return
}
