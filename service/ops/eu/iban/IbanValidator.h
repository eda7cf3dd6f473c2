#pragma once

#include "NationalChecksum.h"

#include <QString>
#include <memory>
#include <optional>

namespace ades::eu {

class BankRegistry;
class IbanRegistry;
struct BankInfo;

// The first failed step, in validation order: shape, country and length (SWIFT IBAN Registry), BBAN
// structure, ISO 13616 check digits (ISO 7064 mod 97-10), national check digits.
enum class IbanError
{
    None,
    Format, // not [A-Z]{2}[0-9]{2}[A-Z0-9]+ after normalising, or BBAN not in the country's structure
    Country, // no IBAN for this country code
    Length, // wrong total length for the country
    Checksum, // ISO 7064 mod 97-10 failed, or check digits 00, 01 or 99
    NationalChecksum, // national check digits inside the BBAN wrong
};

// Wire code of an error: "format", "country", "length", "checksum", "national_checksum"; empty for None.
QString ibanErrorCode(IbanError error);

struct IbanAnalysis
{
    QString input;
    QString normalized; // electronic form: whitespace removed, a-z upper-cased, nothing else changed
    QString formatted; // print form: normalized in groups of 4
    QString country; // the 2 leading letters when the shape is right (also for unknown countries)
    int length = 0; // of the normalized form
    QString bban; // empty unless the shape is right
    QString checkDigits; // empty unless the shape is right
    QString bankCode; // BBAN slices; empty when the structure is wrong or the country has none
    QString branchCode;
    QString bankLookupKey; // bank registry key (SI: bank + branch)

    IbanError error = IbanError::None;
    QString message; // English, names what is wrong (or what was checked when valid)

    CheckStatus structure = CheckStatus::NotChecked; // steps 1-4
    CheckStatus ibanChecksum = CheckStatus::NotChecked; // step 5
    NationalCheckResult national; // step 6

    std::optional<bool> sepa; // unset when the country is unknown
    bool inSwiftRegistry = false;
    bool qrIban = false; // CH/LI with an IID of 30000-31999: usable only with a QR reference

    bool isValid() const { return error == IbanError::None; }
    QString errorCode() const { return ibanErrorCode(error); }
    // Structure and mod 97 both passed (the national check may still fail).
    bool checksumAndStructureOk() const
    {
        return structure == CheckStatus::Ok && ibanChecksum == CheckStatus::Ok;
    }
};

// IBAN validation engine: pure, synchronous, no I/O after construction, safe to share between threads
// (the registries are immutable).
class IbanValidator
{
public:
    // Uses the bundled registries (loaded on first use).
    IbanValidator();
    IbanValidator(std::shared_ptr<const IbanRegistry> registry, std::shared_ptr<const BankRegistry> banks);

    IbanAnalysis analyse(const QString &input) const;
    // The registry row of the analysed IBAN's bank; nullopt when the structure is wrong, the country has no
    // bank list or the bank code is not in it.
    std::optional<BankInfo> lookupBank(const IbanAnalysis &analysis) const;

    const IbanRegistry &registry() const { return *m_registry; }
    const BankRegistry &banks() const { return *m_banks; }

    // Removes every whitespace character and upper-cases a-z; leaves everything else for the format check.
    static QString normalize(const QString &input);
    // Groups of four separated by single spaces.
    static QString printForm(const QString &electronic);
    // ISO 7064 mod 97 of an [A-Z0-9] string, letters as two digits (A=10), folded left to right.
    static int mod97(QStringView alphanumeric);

private:
    std::shared_ptr<const IbanRegistry> m_registry;
    std::shared_ptr<const BankRegistry> m_banks;
};

} // namespace ades::eu
