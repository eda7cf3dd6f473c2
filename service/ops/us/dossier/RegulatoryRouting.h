#pragma once

#include "DecisionReason.h"

#include <QJsonObject>
#include <QList>

namespace ades::us {

struct ImportInput;

// Routes each declared risk attribute to the US agency and program that governs it, from the data table
// resources/us/regulatory-routing.json (docs/us-import.md, "Regulatory routing"): a `yes` is routed with its
// action and weighs as the table says (review, or do_not_forward for weapons and counterfeits); an `unknown`
// is routed too and weighs review, never read as `no`. The table is loaded once; pure and thread-safe.
class RegulatoryRouting
{
public:
    struct Outcome
    {
        QJsonObject json; // the dossier's `regulatory_routing`
        QList<DecisionReason> reasons;
    };

    static Outcome route(const ImportInput &input);
    // Whether a `yes` for this risk attribute decides DO_NOT_FORWARD (the table's on_yes), as the free check
    // announces it.
    static bool stopsOnYes(const QString &member);
    // The table's version, for source_snapshots.
    static QString tableVersion();
};

} // namespace ades::us
