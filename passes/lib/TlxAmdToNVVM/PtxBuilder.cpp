//===- PtxBuilder.cpp - inline PTX with named operands -------------------===//
#include "PtxBuilder.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tlxamd::nvvm;

SmallVector<std::string>
PtxBuilder::addOutputs(unsigned n, StringRef constraint, Type type) {
  assert(operands.empty() && "outputs come before inputs");
  SmallVector<std::string> names;
  for (unsigned i = 0; i < n; ++i) {
    names.push_back("$" + std::to_string(outputTypes.size()));
    constraints.push_back(constraint.str());
    outputTypes.push_back(type);
  }
  return names;
}

std::string PtxBuilder::addInput(Value v, StringRef constraint) {
  std::string name = "$" + std::to_string(outputTypes.size() + operands.size());
  constraints.push_back(constraint.str());
  operands.push_back(v);
  return name;
}

SmallVector<std::string> PtxBuilder::addInputs(ValueRange vs,
                                               StringRef constraint) {
  SmallVector<std::string> names;
  for (Value v : vs)
    names.push_back(addInput(v, constraint));
  return names;
}

PtxBuilder &PtxBuilder::operator<<(StringRef s) {
  text += s.str();
  return *this;
}

std::string PtxBuilder::list(ArrayRef<std::string> names) {
  if (names.size() == 1)
    return names.front();
  return "{" + llvm::join(names, ", ") + "}";
}

SmallVector<Value> PtxBuilder::build(RewriterBase &rewriter, Location loc,
                                     bool pure) const {
  MLIRContext *ctx = rewriter.getContext();
  Type resultType = LLVM::LLVMVoidType::get(ctx);
  if (outputTypes.size() == 1)
    resultType = outputTypes.front();
  else if (!outputTypes.empty())
    resultType = LLVM::LLVMStructType::getLiteral(ctx, outputTypes);
  auto op = LLVM::InlineAsmOp::create(
      rewriter, loc, resultType, operands, text, llvm::join(constraints, ","),
      /*has_side_effects=*/!pure, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
  if (outputTypes.size() <= 1)
    return outputTypes.empty() ? SmallVector<Value>()
                               : SmallVector<Value>{op.getResult(0)};
  SmallVector<Value> out;
  for (unsigned i = 0; i < outputTypes.size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(rewriter, loc, op.getResult(0),
                                               ArrayRef<int64_t>{i}));
  return out;
}
