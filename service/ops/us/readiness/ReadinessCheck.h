#pragma once

#include "catalog/Operation.h"

#include <memory>

namespace ades::us {

class ImportJobs;

// Handler of us.import.check, the free check before the paid dossier (docs/us-import.md, "Free check"):
// the input is already valid (schema and ImportInput::problem); it says what the dossier will hold on
// (undeclared HTS code, unknown or regulated risk answers, the merchant's forwarding policy), issues the
// job (job_id and recovery_secret) the paid call needs, and names the exact purchase. It calls no outside
// source and is never charged. Completes on the calling thread.
Handler makeReadinessCheckHandler(std::shared_ptr<const ImportJobs> jobs);

} // namespace ades::us
