//===- TargetOption.h - a pass's `target` option, resolved once -*- C++ -*-===//
//
// Every pass that depends on the target declares one option, `target`, in
// its Passes.td entry. The pass resolves it against the capability table
// once, in initialize(), and runOnOperation works with the ArchInfo entry.
// A name that names no target (or one of the wrong vendor) is reported on
// the operation the pass runs on, listing the targets.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TARGET_TARGETOPTION_H
#define TLXAMD_TARGET_TARGETOPTION_H

#include "tlxamd/Target/Arch.h"
#include "tlxamd/Target/TargetLegality.h"

#include <optional>
#include <string>

namespace mlir::tlxamd {

class ResolvedTarget {
public:
  /// Resolve `target`, or `alias` (an option's deprecated spelling:
  /// `chipset`, `chip`) when that was given.
  void resolve(StringRef target, StringRef alias = "",
               std::optional<Vendor> vendor = std::nullopt) {
    name = (alias.empty() ? target : alias).str();
    this->vendor = vendor;
    arch = lookupArch(name);
    if (arch && vendor && arch->vendor != *vendor)
      arch = nullptr;
  }

  /// The entry, or nullptr after a diagnostic on `anchor` naming the
  /// supported targets (of the pass's vendor).
  const ArchInfo *get(Operation *anchor, StringRef pass) const {
    if (arch)
      return arch;
    return lookupArchOrEmitError(anchor, name, pass,
                                 vendor ? &*vendor : nullptr);
  }

private:
  std::string name;
  std::optional<Vendor> vendor;
  const ArchInfo *arch = nullptr;
};

} // namespace mlir::tlxamd

#endif // TLXAMD_TARGET_TARGETOPTION_H
