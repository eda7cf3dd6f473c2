#include "IbanRegistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

BbanRange rangeOf(const QJsonObject &positions, const QString &name, int bbanLength)
{
    const QJsonArray pair = positions.value(name).toArray();
    if (pair.size() != 2)
        return {};
    const int start = pair.at(0).toInt(-1);
    const int end = pair.at(1).toInt(-1);
    // A range outside the BBAN would slice garbage; registry.json has none, but a refreshed file might.
    if (start < 0 || end > bbanLength || end < start)
        return {};
    return { start, end };
}

NationalChecksumKind kindOf(const QJsonValue &value)
{
    const QString kind = value.toString();
    if (kind.isEmpty())
        return NationalChecksumKind::None;
    if (kind == "default"_L1)
        return NationalChecksumKind::Default;
    // "per-bank (Bundesbank method code in banks/de.json checksum_algo)"
    if (kind.startsWith("per-bank"_L1))
        return NationalChecksumKind::PerBankGerman;
    return NationalChecksumKind::None;
}

} // namespace

QString IbanCountrySpec::bankLookupKey(const QString &bban) const
{
    QString key;
    for (const QString &component : bicLookupComponents) {
        if (component == "bank_code"_L1)
            key += bankCode.of(bban);
        else if (component == "branch_code"_L1)
            key += branchCode.of(bban);
        else if (component == "account_code"_L1)
            key += accountCode.of(bban);
    }
    return key;
}

std::shared_ptr<const IbanRegistry> IbanRegistry::bundled()
{
    // C++11 guarantees a thread-safe, once-only initialisation of a function-local static.
    static const std::shared_ptr<const IbanRegistry> instance = [] {
        QFile file(u":/iban/registry.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("iban: bundled resource :/iban/registry.json is missing");
        QString error;
        auto registry = fromJson(file.readAll(), &error);
        if (!error.isEmpty())
            qFatal("iban: bundled registry.json is unusable: %s", qPrintable(error));
        return registry;
    }();
    return instance;
}

std::shared_ptr<const IbanRegistry> IbanRegistry::fromJson(const QByteArray &json, QString *error)
{
    auto registry = std::make_shared<IbanRegistry>();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    const QJsonObject countries = doc.object().value(u"countries"_s).toObject();
    if (parseError.error != QJsonParseError::NoError || countries.isEmpty()) {
        if (error)
            *error = parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                  : u"no \"countries\" object"_s;
        return registry;
    }

    for (auto it = countries.begin(); it != countries.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        IbanCountrySpec spec;
        spec.code = it.key();
        spec.name = entry.value(u"country_name"_s).toString();
        spec.ibanLength = entry.value(u"iban_length"_s).toInt();
        spec.bbanLength = entry.value(u"bban_length"_s).toInt();
        spec.bbanSpec = entry.value(u"bban_spec"_s).toString();
        spec.bbanPattern = QRegularExpression(entry.value(u"bban_regex"_s).toString());
        spec.bbanPattern.optimize();
        if (spec.code.size() != 2 || spec.ibanLength != spec.bbanLength + 4 || !spec.bbanPattern.isValid()) {
            if (error)
                *error = u"country %1: inconsistent lengths or invalid bban_regex"_s.arg(spec.code);
            return std::make_shared<IbanRegistry>();
        }
        const QJsonObject positions = entry.value(u"positions"_s).toObject();
        spec.bankCode = rangeOf(positions, u"bank_code"_s, spec.bbanLength);
        spec.branchCode = rangeOf(positions, u"branch_code"_s, spec.bbanLength);
        spec.accountCode = rangeOf(positions, u"account_code"_s, spec.bbanLength);
        spec.nationalChecksumDigits = rangeOf(positions, u"national_checksum_digits"_s, spec.bbanLength);
        const QJsonArray components = entry.value(u"bic_lookup_components"_s).toArray();
        for (const QJsonValue &c : components)
            spec.bicLookupComponents.append(c.toString());
        if (spec.bicLookupComponents.isEmpty())
            spec.bicLookupComponents = { u"bank_code"_s };
        spec.sepa = entry.value(u"sepa"_s).toBool();
        spec.inSwiftRegistry = entry.value(u"in_swift_registry"_s).toBool(true);
        spec.nationalChecksum = kindOf(entry.value(u"national_checksum"_s));
        registry->m_countries.insert(spec.code, spec);
    }
    return registry;
}

const IbanCountrySpec *IbanRegistry::country(const QString &code) const
{
    const auto it = m_countries.constFind(code);
    return it == m_countries.cend() ? nullptr : &it.value();
}

QStringList IbanRegistry::countryCodes() const
{
    QStringList codes = m_countries.keys();
    codes.sort();
    return codes;
}

} // namespace ades::eu
