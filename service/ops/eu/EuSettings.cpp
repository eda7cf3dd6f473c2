#include "EuSettings.h"

#include "vat/VatIdValidator.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

QString EuSettings::requesterVatIdProblem(const QString &value)
{
    const VatIdAnalysis analysis = VatIdValidator().analyse(value);
    return analysis.formatValid ? QString() : u"not a valid VAT ID (%1)"_s.arg(analysis.errorClass());
}

SettingSpecs EuSettings::all()
{
    return { SanctionsRefreshHours.spec, RequesterVatId.spec, GleifCacheMinutes.spec, ViesMaxConcurrent.spec,
        ViesMaxConcurrentPerState.spec, ViesBatchDeadlineMs.spec, ViesRetryBaseMs.spec,
        ViesArchiveAnswers.spec };
}

} // namespace ades::eu
