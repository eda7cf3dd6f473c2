#include "UsImportSamples.h"

#include "TestData.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace ades::test {

QJsonObject usImportRequest()
{
    QJsonObject answers;
    for (const QString &member : { u"battery"_s, u"food_or_supplement"_s, u"drug_or_medical_device"_s,
             u"cosmetic"_s, u"plant_seed_or_animal_product"_s, u"chemical_or_hazmat"_s,
             u"alcohol_or_tobacco"_s, u"weapon_or_weapon_part"_s, u"counterfeit_or_unlicensed_replica"_s,
             u"radio_transmitter"_s, u"childrens_product"_s })
        answers.insert(member, u"no"_s);
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
        { u"risk_answers"_s, answers },
    };
}

QByteArray recordedUpstream(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace ades::test
