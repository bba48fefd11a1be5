//===- PtxBuilder.h - inline PTX with named operands ------------*- C++ -*-===//
//
// A small builder for the inline PTX the NVVM lowering emits where NVVM has
// no op (predicated vector accesses, split groups, packed atomics): outputs
// are declared first, then inputs, each with its constraint, and the text
// refers to them by the names the builder returns.
//
//   PtxBuilder ptx;
//   auto outs = ptx.addOutputs(4, "=r", i32);
//   std::string addr = ptx.addInput(address, "l");
//   ptx << "ld.global.v4.b32 " << PtxBuilder::list(outs) << ", [" << addr
//       << "];";
//   SmallVector<Value> regs = ptx.build(rewriter, loc);
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TLXAMDTONVVM_PTXBUILDER_H
#define TLXAMD_TLXAMDTONVVM_PTXBUILDER_H

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tlxamd::nvvm {

class PtxBuilder {
public:
  /// `n` outputs of `constraint` (e.g. "=r") and LLVM type `type`; all
  /// outputs are declared before the first input. Returns their names.
  SmallVector<std::string> addOutputs(unsigned n, StringRef constraint,
                                      Type type);
  /// An input operand; returns its name ("$3").
  std::string addInput(Value v, StringRef constraint);
  /// Inputs of one constraint; returns their names.
  SmallVector<std::string> addInputs(ValueRange vs, StringRef constraint);

  /// Append PTX text.
  PtxBuilder &operator<<(StringRef text);
  PtxBuilder &operator<<(const char *text) { return *this << StringRef(text); }
  PtxBuilder &operator<<(const std::string &text) {
    return *this << StringRef(text);
  }
  PtxBuilder &operator<<(int64_t v) { return *this << std::to_string(v); }

  /// `$a` for one name, `{$a, $b, ...}` for several (PTX vector operands).
  static std::string list(ArrayRef<std::string> names);

  /// Emit the inline assembly and return one value per output; `pure`
  /// text (arithmetic, no memory or synchronization) is emitted without
  /// side effects, so that LLVM may schedule, merge or drop it.
  SmallVector<Value> build(RewriterBase &rewriter, Location loc,
                           bool pure = false) const;

private:
  std::string text;
  SmallVector<std::string> constraints;
  SmallVector<Value> operands;
  SmallVector<Type> outputTypes;
};

} // namespace mlir::tlxamd::nvvm

#endif // TLXAMD_TLXAMDTONVVM_PTXBUILDER_H
