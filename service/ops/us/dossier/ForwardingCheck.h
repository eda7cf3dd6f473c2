#pragma once

#include "DecisionReason.h"

#include <QJsonObject>
#include <QList>

namespace ades::us {

struct ImportInput;

// The merchant's forwarding policy as the buyer declared it (docs/us-import.md, "Forwarding"): prohibited
// decides DO_NOT_FORWARD, unknown REVIEW_REQUIRED. Pure.
struct ForwardingCheck
{
    QJsonObject forwarding; // the dossier's `forwarding`
    QList<DecisionReason> reasons;

    static ForwardingCheck of(const ImportInput &input);
};

} // namespace ades::us
