#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace ades::us {

class ImportDecision;
struct ForwardingCheck;
struct ImportInput;
struct RecallFinding;
struct TariffFinding;

// The paid dossier's result object (contract eu-to-us-import-readiness/1, exactly the paid fields of
// docs/interface.md §2.2; docs/us-import.md, "Result"): the normalized product facts (the description only
// as its hash), the findings, the decision, sources, limitations (every "not" of §2.2's content rules),
// validity, pricing and privacy. Pure.
namespace DossierResult {

struct Parts
{
    const ImportInput &input;
    QString jobId;
    const TariffFinding &tariff;
    const RecallFinding &recalls;
    QJsonObject routing;
    const ForwardingCheck &forwarding;
    QDateTime now;
};

QJsonObject build(const Parts &parts, const ImportDecision &decision);

} // namespace DossierResult

} // namespace ades::us
