#include "ImportInput.h"

#include "CountryCodes.h"
#include "core/CanonicalJson.h"
#include "core/Gs1CheckDigit.h"

#include <QCryptographicHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

QString text(const QJsonObject &arguments, const QString &name)
{
    return arguments.value(name).toString().simplified();
}

// GS1 check digit: weights 3 and 1 alternate from the rightmost data digit.
qint64 cents(const QString &decimal)
{
    const qsizetype dot = decimal.indexOf(u'.');
    const QString whole = dot < 0 ? decimal : decimal.left(dot);
    QString fraction = dot < 0 ? QString() : decimal.mid(dot + 1);
    while (fraction.size() < 2)
        fraction.append(u'0');
    return whole.toLongLong() * 100 + fraction.toLongLong();
}

} // namespace

const QStringList &ImportInput::riskMembers()
{
    static const QStringList members { u"battery"_s, u"food_or_supplement"_s, u"drug_or_medical_device"_s,
        u"cosmetic"_s, u"plant_seed_or_animal_product"_s, u"chemical_or_hazmat"_s, u"alcohol_or_tobacco"_s,
        u"weapon_or_weapon_part"_s, u"counterfeit_or_unlicensed_replica"_s, u"radio_transmitter"_s,
        u"childrens_product"_s };
    return members;
}

QString ImportInput::answerName(Answer answer)
{
    switch (answer) {
    case Answer::Yes:
        return u"yes"_s;
    case Answer::No:
        return u"no"_s;
    case Answer::Unknown:
        break;
    }
    return u"unknown"_s;
}

std::optional<ServiceError> ImportInput::problem(const QJsonObject &arguments)
{
    const QString origin = arguments.value(u"country_of_origin"_s).toString();
    if (!CountryCodes::isIso3166Alpha2(origin))
        return ServiceError::unprocessable(u"invalid_country"_s,
            u"country_of_origin: %1 is not an ISO 3166-1 alpha-2 country code (the country where the goods "
            "were made, upper case: CN, DE, VN)."_s.arg(origin),
            u"country_of_origin"_s);
    const QString gtin = arguments.value(u"gtin"_s).toString();
    if (!gtin.isEmpty() && !gs1CheckDigitValid(gtin))
        return ServiceError::unprocessable(u"invalid_gtin"_s,
            u"gtin: the check digit of %1 is wrong (GTIN-8, UPC-A, EAN-13 or GTIN-14, GS1 mod-10)."_s.arg(
                gtin),
            u"gtin"_s);
    return std::nullopt;
}

ImportInput ImportInput::read(const QJsonObject &arguments)
{
    ImportInput in;
    in.dispatchCountry = arguments.value(u"dispatch_country"_s).toString();
    in.destinationCountry = arguments.value(u"destination_country"_s).toString(u"US"_s);
    in.countryOfOrigin = arguments.value(u"country_of_origin"_s).toString();
    in.htsCode = arguments.value(u"hts_code"_s).toString();
    in.htsCode.remove(u'.');
    in.productName = text(arguments, u"product_name"_s);
    in.productDescription = text(arguments, u"product_description"_s);
    in.materialOrComposition = text(arguments, u"material_or_composition"_s);
    in.intendedUse = text(arguments, u"intended_use"_s);
    in.brand = text(arguments, u"brand"_s);
    in.model = text(arguments, u"model"_s);
    in.gtin = arguments.value(u"gtin"_s).toString();
    in.customsValueUsd = arguments.value(u"customs_value_usd"_s).toString();
    in.customsValueCents = cents(in.customsValueUsd);
    in.quantity = arguments.value(u"quantity"_s).toInt();
    in.importerUse = arguments.value(u"importer_use"_s).toString();
    in.merchantForwardingPolicy = arguments.value(u"merchant_forwarding_policy"_s).toString();
    const QJsonObject answers = arguments.value(u"risk_answers"_s).toObject();
    for (const QString &member : riskMembers()) {
        const QString value = answers.value(member).toString();
        // Anything but a plain yes or no counts as unknown: never as no (docs/interface.md §1 rule 2).
        in.riskAnswers.insert(member,
            value == u"yes"_s      ? Answer::Yes
                : value == u"no"_s ? Answer::No
                                   : Answer::Unknown);
    }
    in.fingerprint = u"sha256:"_s
        + QString::fromLatin1(
            QCryptographicHash::hash(CanonicalJson::serialise(in.normalized()), QCryptographicHash::Sha256)
                .toHex());
    return in;
}

QJsonObject ImportInput::normalized() const
{
    QJsonObject answers;
    for (auto it = riskAnswers.cbegin(); it != riskAnswers.cend(); ++it)
        answers.insert(it.key(), answerName(it.value()));
    return QJsonObject {
        { u"dispatch_country"_s, dispatchCountry },
        { u"destination_country"_s, destinationCountry },
        { u"country_of_origin"_s, countryOfOrigin },
        { u"hts_code"_s, htsCode },
        { u"product_name"_s, productName },
        { u"product_description"_s, productDescription },
        { u"material_or_composition"_s, materialOrComposition },
        { u"intended_use"_s, intendedUse },
        { u"brand"_s, brand },
        { u"model"_s, model },
        { u"gtin"_s, gtin },
        { u"customs_value_usd"_s, customsValueUsd },
        { u"quantity"_s, quantity },
        { u"importer_use"_s, importerUse },
        { u"merchant_forwarding_policy"_s, merchantForwardingPolicy },
        { u"risk_answers"_s, answers },
    };
}

} // namespace ades::us
