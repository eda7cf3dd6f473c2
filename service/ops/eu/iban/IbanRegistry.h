#pragma once

#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <memory>

class QByteArray;

namespace ades::eu {

// A slice of the BBAN, 0-based and end-exclusive as registry.json stores it.
struct BbanRange
{
    int start = 0;
    int end = 0;

    bool isEmpty() const { return end <= start; }
    QString of(const QString &bban) const { return isEmpty() ? QString() : bban.mid(start, end - start); }
};

// Which national check registry.json names for a country (schwifty's registry; resources/iban/SOURCES.md).
enum class NationalChecksumKind
{
    None, // no check digits inside the BBAN, or none that can be checked from public material
    Default, // the country's one algorithm (BE, ES, FR, IT, ...)
    PerBankGerman, // DE: a Bundesbank method per bank code (banks/de.json checksum_algo)
};

struct IbanCountrySpec
{
    QString code; // "DE"
    QString name; // "Germany"; empty for countries outside the SWIFT text copy
    int ibanLength = 0;
    int bbanLength = 0;
    QString bbanSpec; // SWIFT notation "8!n10!n"
    QRegularExpression bbanPattern; // compiled once, anchored
    BbanRange bankCode;
    BbanRange branchCode;
    BbanRange accountCode;
    BbanRange nationalChecksumDigits;
    // Components whose concatenation is the bank registry key ("bank_code", or SI "bank_code"+"branch_code").
    QStringList bicLookupComponents;
    bool sepa = false;
    bool inSwiftRegistry = true;
    NationalChecksumKind nationalChecksum = NationalChecksumKind::None;

    // The bank registry key of a BBAN of this country (empty when the country has no bank code).
    QString bankLookupKey(const QString &bban) const;
};

// IBAN structure per country, loaded once from ":/iban/registry.json". Immutable after construction, so
// one instance is shared by every thread without locking.
class IbanRegistry
{
public:
    // The bundled registry, parsed on first use (thread-safe). A broken bundled file is a build error
    // and aborts with qFatal: the service cannot check any IBAN without it.
    static std::shared_ptr<const IbanRegistry> bundled();

    // Parses a registry document; returns an empty registry and sets *error when the JSON is unusable.
    static std::shared_ptr<const IbanRegistry> fromJson(const QByteArray &json, QString *error);

    // nullptr when the country has no IBAN.
    const IbanCountrySpec *country(const QString &code) const;
    int size() const { return m_countries.size(); }
    QStringList countryCodes() const;

private:
    QHash<QString, IbanCountrySpec> m_countries;
};

} // namespace ades::eu
