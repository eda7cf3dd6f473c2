#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace ades::eu::xrechnung {

// The text formats XRechnung 3.0.2 prescribes for free-text business terms, as KoSIT's rules test them.
// Every function reads outside input and is total: any text gives an answer, nothing throws
// (tests/fuzz/FuzzXRechnungFormats.cpp).
class XRechnungFormats
{
public:
    // BR-DE-18: the cash-discount ("Skonto") grammar of the payment terms (BT-20), over the first payment
    // terms text of each payment terms group. A line whose first non-blank character is '#' must read
    //   #SKONTO#TAGE=<days>#PROZENT=<digits>.<2 digits>#            or
    //   #SKONTO#TAGE=<days>#PROZENT=<digits>.<2 digits>#BASISBETRAG=[-]<digits>.<2 digits>#
    // with nothing else on the line, and the text after the last '#...#' run of a note must begin with
    // white space that holds a line break (the structured part ends with a line break). Notes without a
    // '#' line are free text and always pass.
    static bool skontoTermsValid(const QStringList &notes);
    // BR-DE-27: the (white-space normalised) telephone number holds at least three digits 0-9.
    static bool telephoneHasThreeDigits(QStringView telephone);
    // BR-DE-28: exactly one '@' with a non-empty local part without blanks, and a domain of at least two
    // non-empty dot-separated labels without blanks (so no leading, trailing or doubled dots).
    static bool plausibleEmail(QStringView email);
    // BR-TMP-2: an absolute URL: a letter, at least one more letter, digit, '+', '.' or '-', then ':'.
    static bool absoluteUrl(QStringView uri);
    // BR-DE-19/20: the account identifier with all white space removed is shaped like an IBAN (two
    // upper-case letters, two digits, up to 30 letters or digits) and passes the ISO 13616 mod-97 check
    // the way KoSIT computes it (letters after the country code count as their code point minus 55, so a
    // lower-case letter does not count as its upper-case form).
    static bool ibanValid(QStringView accountId);
};

} // namespace ades::eu::xrechnung
