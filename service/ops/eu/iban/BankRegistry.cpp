#include "BankRegistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Rank of a row for BIC derivation: a primary row with a BIC beats any other row with a BIC, which beats a
// row without one (the bank is still known by name).
int rank(const BankInfo &info)
{
    if (info.bic.isEmpty())
        return 0;
    return info.primary ? 2 : 1;
}

} // namespace

std::shared_ptr<const BankRegistry> BankRegistry::bundled()
{
    // Loading everything once costs some tens of milliseconds (BenchIban::loadBankRegistry) and keeps every
    // later lookup lock-free; the function-local static makes the first use thread-safe.
    static const std::shared_ptr<const BankRegistry> instance = loadFromResources();
    return instance;
}

std::shared_ptr<const BankRegistry> BankRegistry::loadFromResources(const QStringList &countries)
{
    auto registry = std::make_shared<BankRegistry>();
    QHash<QString, QString> dates;
    QFile snapshots(u":/iban/bank_snapshots.json"_s);
    if (snapshots.open(QIODevice::ReadOnly)) {
        const QJsonObject all
            = QJsonDocument::fromJson(snapshots.readAll()).object().value(u"snapshots"_s).toObject();
        for (auto it = all.begin(); it != all.end(); ++it)
            dates.insert(it.key(), it.value().toString());
    }
    const QDir dir(u":/iban/banks"_s);
    const QStringList files = dir.entryList({ u"*.json"_s }, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        const QString country = QFileInfo(name).baseName().toUpper();
        if (!countries.isEmpty() && !countries.contains(country))
            continue;
        QFile file(dir.filePath(name));
        // A broken bundled file is a packaging error, not a runtime condition.
        if (!file.open(QIODevice::ReadOnly))
            qFatal("iban: cannot open bundled bank list %s", qPrintable(name));
        if (!registry->addCountry(country, file.readAll(), dates.value(country)))
            qFatal("iban: bundled bank list %s is not a JSON array of rows", qPrintable(name));
    }
    return registry;
}

bool BankRegistry::addCountry(const QString &country, const QByteArray &json, const QString &snapshotDate)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return false;
    CountryBanks entry;
    entry.snapshotDate = snapshotDate;
    const QJsonArray rows = doc.array();
    entry.banks.reserve(rows.size());
    for (const QJsonValue &value : rows) {
        if (!value.isObject())
            return false;
        const QJsonObject row = value.toObject();
        const QString code = row.value(u"bank_code"_s).toString();
        if (code.isEmpty())
            continue; // CY and GR carry one row without a code: nothing can ever look it up
        BankInfo info;
        info.bic = row.value(u"bic"_s).toString();
        info.name = row.value(u"name"_s).toString();
        info.checksumAlgo = row.value(u"checksum_algo"_s).toString();
        info.primary = row.value(u"primary"_s).toBool();
        auto existing = entry.banks.find(code);
        // Keep the first row of the best rank: file order is the source's preference among equals.
        if (existing == entry.banks.end())
            entry.banks.insert(code, info);
        else if (rank(info) > rank(existing.value()))
            existing.value() = info;
    }
    m_countries.insert(country, entry);
    return true;
}

bool BankRegistry::hasCountry(const QString &country) const
{
    return m_countries.contains(country);
}

std::optional<BankInfo> BankRegistry::lookup(const QString &country, const QString &bankCode) const
{
    const auto c = m_countries.constFind(country);
    if (c == m_countries.cend())
        return std::nullopt;
    const auto b = c->banks.constFind(bankCode);
    if (b == c->banks.cend())
        return std::nullopt;
    return b.value();
}

QString BankRegistry::snapshotDate(const QString &country) const
{
    return m_countries.value(country).snapshotDate;
}

QStringList BankRegistry::countries() const
{
    QStringList list = m_countries.keys();
    list.sort();
    return list;
}

int BankRegistry::bankCount(const QString &country) const
{
    return m_countries.value(country).banks.size();
}

} // namespace ades::eu
