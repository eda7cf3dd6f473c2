#pragma once

#include <QString>

namespace ades::eu {

// The outcome of checking one Legal Entity Identifier (ISO 17442).
struct LeiAnalysis
{
    QString input;
    // Whitespace removed and a-z upper-cased, as IBANs and VAT IDs are: "5299001erx0k10izul40" is the
    // LEI 5299001ERX0K10IZUL40 (python-stdnum, the reference of data/gleif/lei-vectors.json, does the same).
    QString normalized;
    bool valid = false;
    // First failed step: "length", "format" (a character outside 0-9 A-Z), "checksum"; empty when valid.
    QString error;
    QString message; // English, names what is wrong
};

// ISO 17442 LEI: 20 characters [0-9A-Z], the last two ISO 7064 mod 97-10 check digits (letters A=10 ... Z=35,
// the whole string read as one number is 1 mod 97). Pure and thread-safe.
class LeiCode
{
public:
    static LeiAnalysis analyse(const QString &input);
    // The two check digits for an 18-character base (98 - numeric(base + "00") mod 97); empty when the base
    // is not 18 characters of [0-9A-Z].
    static QString checkDigits(const QString &base);
};

} // namespace ades::eu
