#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QByteArray;

namespace ades::eu {

// One bank as the national registry lists it.
struct BankInfo
{
    QString bic; // empty when the registry lists the bank without a BIC
    QString name;
    QString checksumAlgo; // DE only: Bundesbank check-digit method ("13"); empty elsewhere
    // False when no row for this code is marked primary and a secondary row was used.
    bool primary = true;
};

// Bank code -> BIC/name lists per country (":/iban/banks/<cc>.json"), all loaded once on first use and
// immutable afterwards, so lookups from any thread need no lock.
class BankRegistry
{
public:
    // The bundled lists, parsed once on first use (thread-safe; ~2.8 MB of JSON, see BenchIban).
    static std::shared_ptr<const BankRegistry> bundled();
    // Parses the bundled lists of the given countries (all when empty) into a new registry; blocks while it
    // reads. bundled() calls this once; exposed to measure the start-up cost.
    static std::shared_ptr<const BankRegistry> loadFromResources(const QStringList &countries = {});

    // Parses one country's rows (a JSON array) into this registry; returns false when the JSON is not an
    // array of objects. For building test registries and for bundled().
    bool addCountry(const QString &country, const QByteArray &json, const QString &snapshotDate = {});

    bool hasCountry(const QString &country) const;
    // The row for a bank code: the first row marked primary that has a BIC, else the first row with a BIC,
    // else the first row. Several rows may share a code (branches, former names).
    std::optional<BankInfo> lookup(const QString &country, const QString &bankCode) const;
    // Date the country's list was regenerated upstream; empty when the source does not say.
    QString snapshotDate(const QString &country) const;
    QStringList countries() const;
    int bankCount(const QString &country) const;

private:
    struct CountryBanks
    {
        QHash<QString, BankInfo> banks;
        QString snapshotDate;
    };
    QHash<QString, CountryBanks> m_countries;
};

} // namespace ades::eu
