#pragma once

#include "DecisionReason.h"
#include "core/Result.h"
#include "ops/us/sources/RecallClient.h"

#include <QJsonObject>
#include <QList>

namespace ades::us {

struct ImportInput;

// Which CPSC recalls of the window are candidates for this product (docs/us-import.md, "Recalls"): the
// service matched the product name; a record is a candidate when it also names the brand, the model or the
// GTIN given, or, when none of those was given, on the name alone. Records that name another brand, model
// and GTIN are counted, not shown. An unavailable service is a missing check, never "no recalls". Pure.
struct RecallFinding
{
    QJsonObject recalls; // the dossier's `recalls`
    QList<DecisionReason> reasons;
    bool missing = false;
    QJsonObject snapshot;

    static RecallFinding of(const ImportInput &input, const Result<RecallAnswer> &answer);
};

} // namespace ades::us
