#include "PreflightCheck.h"

#include "core/CanonicalWriter.h"

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

void PreflightCheck::write(CanonicalWriter &out) const
{
    out.beginObject();
    out.key("evidence").raw(evidence.isEmpty() ? QByteArrayView("{}") : QByteArrayView(evidence));
    out.key("name").string(name);
    out.key("status").string(statusName(status));
    out.key("summary").string(summary);
    out.endObject();
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
