#include "PreflightCheck.h"

#include "core/JsonShape.h"

#include <array>

using namespace Qt::StringLiterals;

namespace ades::chain {

QString PreflightCheck::statusName(Status status)
{
    switch (status) {
    case Status::Pass:
        return u"pass"_s;
    case Status::Warn:
        return u"warn"_s;
    case Status::Fail:
        return u"fail"_s;
    case Status::Unknown:
        return u"unknown"_s;
    case Status::NotApplicable:
        return u"not_applicable"_s;
    }
    return {};
}

QJsonObject PreflightCheck::toJson() const
{
    // One shape per status, the status filled.
    static const auto shapes = [] {
        std::array<QJsonObject, 5> byStatus;
        for (const Status s :
            { Status::Pass, Status::Warn, Status::Fail, Status::Unknown, Status::NotApplicable }) {
            byStatus[int(s)] = jsonShape({ u"evidence"_s, u"name"_s, u"status"_s, u"summary"_s });
            byStatus[int(s)].insert(u"status"_s, statusName(s));
        }
        return byStatus;
    }();
    QJsonObject json = shapes[int(status)];
    json.insert(u"evidence"_s, evidence);
    json.insert(u"name"_s, name);
    json.insert(u"summary"_s, summary);
    return json;
}

PreflightDecision PreflightDecision::decide(const QList<PreflightCheck> &checks)
{
    PreflightDecision decision;
    bool fail = false;
    bool doubt = false;
    for (const PreflightCheck &check : checks) {
        if (check.status == PreflightCheck::Status::Fail)
            fail = true;
        if (check.status == PreflightCheck::Status::Warn || check.status == PreflightCheck::Status::Unknown)
            doubt = true;
        if (check.status != PreflightCheck::Status::Pass
            && check.status != PreflightCheck::Status::NotApplicable)
            decision.reasons.append(check.name + u": "_s + check.summary);
    }
    decision.verdict = fail ? Verdict::Block : doubt ? Verdict::Review : Verdict::Proceed;
    return decision;
}

QString PreflightDecision::verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Proceed:
        return u"proceed"_s;
    case Verdict::Review:
        return u"review"_s;
    case Verdict::Block:
        return u"block"_s;
    }
    return {};
}

} // namespace ades::chain
