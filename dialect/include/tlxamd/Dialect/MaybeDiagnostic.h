//===- MaybeDiagnostic.h - a diagnostic a quiet caller discards -*- C++ -*-===//
#ifndef TLXAMD_DIALECT_MAYBEDIAGNOSTIC_H
#define TLXAMD_DIALECT_MAYBEDIAGNOSTIC_H

#include "mlir/IR/Diagnostics.h"

#include <optional>
#include <utility>

namespace mlir::tlxamd {

/// A diagnostic that may be off: a check shared by a reporting caller
/// (tlxamd-verify-target) and quiet ones (lowerings, analyses) streams its
/// message into it either way; a quiet one discards it. Converts to
/// failure().
class MaybeDiagnostic {
public:
  MaybeDiagnostic() = default;
  explicit MaybeDiagnostic(InFlightDiagnostic diag) : diag(std::move(diag)) {}
  template <typename T> MaybeDiagnostic &operator<<(T &&value) {
    if (diag)
      *diag << std::forward<T>(value);
    return *this;
  }
  operator LogicalResult() const { return failure(); }

private:
  std::optional<InFlightDiagnostic> diag;
};

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_MAYBEDIAGNOSTIC_H
