#pragma once

#include "catalog/Operation.h"

#include <memory>

namespace ades::us {

class ImportJobs;

// Handler of us.import.recover (docs/us-import.md, "Recovery"): the settled signed dossier of a job, as it
// was delivered (with its own receipt) under `result`, for 24 hours after settlement. It asks no source and
// charges nothing. A wrong secret, an unknown id and an expired job get ImportJobs::refused(); a job that has
// not settled yet is 422 job_not_settled (only its secret holder learns that). Completes on the calling
// thread.
Handler makeResultRecoveryHandler(std::shared_ptr<const ImportJobs> jobs);

} // namespace ades::us
