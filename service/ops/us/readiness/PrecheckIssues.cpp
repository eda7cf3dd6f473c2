#include "PrecheckIssues.h"

#include "ImportInput.h"
#include "ops/us/dossier/RegulatoryRouting.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::us {

void PrecheckIssues::add(
    const QString &severity, const QString &code, const QString &field, const QString &message)
{
    m_blocking = m_blocking || severity == u"blocking"_s;
    m_list.append(QJsonObject {
        { u"code"_s, code },
        { u"severity"_s, severity },
        { u"field"_s, field },
        { u"message"_s, message },
    });
}

PrecheckIssues PrecheckIssues::of(const ImportInput &in)
{
    PrecheckIssues issues;
    if (in.customsValueCents == 0)
        issues.add(u"blocking"_s, u"customs_value_zero"_s, u"customs_value_usd"_s,
            u"A customs value of 0 cannot be declared or costed: give the transaction value in US dollars."_s);
    if (in.htsCode.isEmpty())
        issues.add(u"info"_s, u"hts_code_absent"_s, u"hts_code"_s,
            u"No HTS code declared: the dossier returns non-binding candidates from the USITC tariff search, "
            "computes no duty and answers at best REVIEW_REQUIRED."_s);
    if (in.merchantForwardingPolicy == u"prohibited"_s)
        issues.add(u"warning"_s, u"forwarding_prohibited"_s, u"merchant_forwarding_policy"_s,
            u"The merchant prohibits forwarding: the dossier will answer DO_NOT_FORWARD."_s);
    else if (in.merchantForwardingPolicy == u"unknown"_s)
        issues.add(u"warning"_s, u"forwarding_policy_unknown"_s, u"merchant_forwarding_policy"_s,
            u"The merchant's forwarding policy is unknown: the dossier will answer at best REVIEW_REQUIRED."_s);
    for (auto it = in.riskAnswers.cbegin(); it != in.riskAnswers.cend(); ++it) {
        const QString field = u"risk_answers."_s + it.key();
        if (it.value() == ImportInput::Answer::Unknown)
            issues.add(u"warning"_s, u"risk_answer_unknown"_s, field,
                u"%1 is unknown, which is never read as no: the dossier will answer at best "
                "REVIEW_REQUIRED."_s.arg(it.key()));
        else if (it.value() == ImportInput::Answer::Yes)
            issues.add(u"warning"_s, u"regulated_attribute"_s, field,
                RegulatoryRouting::stopsOnYes(it.key())
                    ? u"%1 is yes: the dossier will answer DO_NOT_FORWARD."_s.arg(it.key())
                    : u"%1 is yes: the dossier routes it to the US agency that governs it and answers at "
                      u"best "
                      "REVIEW_REQUIRED."_s.arg(it.key()));
    }
    return issues;
}

} // namespace ades::us
