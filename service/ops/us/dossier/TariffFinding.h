#pragma once

#include "DecisionReason.h"
#include "core/Result.h"
#include "ops/us/sources/HtsClient.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace ades::us {

struct ImportInput;

// What the tariff schedule says about the product (docs/us-import.md, "Tariff"): the declared code checked
// against the current revision, or non-binding candidates from the tariff search; and the ordinary duty
// component from the MFN column-1 rate when it is Free or simple ad valorem. Pure.
struct TariffFinding
{
    QJsonObject tariff; // the dossier's `tariff`
    QJsonObject duty; // the dossier's `ordinary_duty_component`
    QList<DecisionReason> reasons;
    bool missing = false; // the schedule could not be read: a missing check
    QJsonObject snapshot; // the fetch's source snapshot; empty when missing
    std::optional<qint64> dutyCents;

    // `answer` is HtsClient::heading() of the declared code, or HtsClient::search() when none was declared.
    static TariffFinding of(const ImportInput &input, const Result<HtsAnswer> &answer);
    // How many search candidates the dossier shows.
    static constexpr int MaxCandidates = 10;
    // "6109.10.00.04" from "6109100004".
    static QString dotted(const QString &digits);
};

} // namespace ades::us
