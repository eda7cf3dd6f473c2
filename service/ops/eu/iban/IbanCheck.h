#pragma once

#include "catalog/Operation.h"

#include <QJsonObject>
#include <optional>

namespace ades::eu {

class IbanValidator;
struct BankInfo;
struct IbanAnalysis;

// Handler of eu.iban.check (argument `iban`, a string). Completes synchronously, before returning, on the
// calling thread. An invalid IBAN is a normal result with valid=false (the check was performed); only a
// non-string argument is an error (422). Loads the bundled registries if not yet loaded (blocks for some
// tens of milliseconds once: call it at start-up); the handler itself never blocks.
Handler makeIbanCheckHandler();

// The docs/interface.md §2.5 result object of one analysis, as canonical text; exposed for tests.
JsonBody ibanCheckResult(const IbanAnalysis &analysis, const IbanValidator &validator);

} // namespace ades::eu
