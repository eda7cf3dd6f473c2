#include "UsImportSamples.h"

#include "TestData.h"
#include "ops/us/readiness/ImportInput.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace ades::test {

QJsonObject usImportRiskAnswers(const QString &all)
{
    QJsonObject answers;
    for (const QString &member : us::ImportInput::riskMembers())
        answers.insert(member, all);
    return answers;
}

QJsonObject usImportRequest()
{
    return QJsonObject {
        { u"dispatch_country"_s, u"AT"_s },
        { u"destination_country"_s, u"US"_s },
        { u"country_of_origin"_s, u"PT"_s },
        { u"hts_code"_s, u"61091000"_s },
        { u"product_name"_s, u"Cotton T-shirt"_s },
        { u"product_description"_s, u"A plain knitted cotton T-shirt, short sleeves, for adults."_s },
        { u"material_or_composition"_s, u"100% cotton"_s },
        { u"intended_use"_s, u"Personal wear"_s },
        { u"customs_value_usd"_s, u"48.5"_s },
        { u"quantity"_s, 2 },
        { u"importer_use"_s, u"gift"_s },
        { u"merchant_forwarding_policy"_s, u"allowed"_s },
        { u"risk_answers"_s, usImportRiskAnswers() },
    };
}

QByteArray recordedUpstream(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace ades::test
