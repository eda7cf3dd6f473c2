#pragma once

#include <QByteArray>

class QDateTime;

namespace ades::chain {

struct PreflightFacts;

// The preflight's result from what its branches gathered: the six checks, the decision and its reasons,
// unknowns, limitations, safe next actions and the evidence of every branch that answered, as canonical JSON
// text (written directly: building it as a QJsonObject cost more than everything else a preflight does,
// docs/benchmarks.md "Chain data"). No network; `facts` must have at least one RPC branch that answered
// (else the handler answers 503).
QByteArray preflightReport(const PreflightFacts &facts, const QDateTime &checkedAt);

} // namespace ades::chain
