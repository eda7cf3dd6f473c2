#pragma once

#include <QString>
#include <QStringView>

namespace ades::eu {

// The identifier check algorithms of the Peppol BIS 3.0.19 artefact (PEPPOL-COMMON-R040…R050, the national
// rules on Norwegian, Swedish, Greek and German identifiers), each implemented from its published algorithm
// and with the artefact's reading of odd input (what it does with too short or too long values is noted at
// each function). Pure functions on the identifier as the rule passes it (usually after normalize-space()).
class PeppolIdentifierChecksums
{
public:
    // GS1 mod-10 check digit (GLN, any length of ASCII digits): weights 3, 1, 3 … from the right of the body.
    static bool gln(QStringView value);
    // Norwegian organisation number (mod 11, weights 2…7 cycling from the right; a remainder giving 10
    // never matches); the artefact also requires the number to be above zero.
    static bool norwegianOrganisation(QStringView value);
    // Danish CVR as the artefact accepts it: "DK" followed by 8 digits, or 8 digits (no check digit).
    static bool danishCvr(QStringView value);
    // Belgian enterprise number: the last two digits are 97 minus the first eight modulo 97.
    static bool belgianEnterprise(QStringView value);
    // Italian IPA code: exactly six ASCII letters or digits.
    static bool italianIpaCode(QStringView value);
    // Italian tax code (codice fiscale): 16 characters in the personal pattern (6 letters, 2 digits, a
    // letter, 2 digits, 3 any, a digit, a letter) or 11 characters that form an integer.
    static bool italianFiscalCode(QStringView value);
    // Italian VAT number: with the prefix IT (or it), 11 digits whose Luhn-style sum (every second digit
    // doubled and reduced) is a multiple of 10; any other prefix passes, as in the artefact.
    static bool italianVat(QStringView value);
    // Swedish organisation number: all digits, the 10th digit the Luhn check digit of the first nine.
    static bool swedishOrganisation(QStringView value);
    // Australian Business Number: subtract 1 from the first digit, weights 10, 1, 3, 5 … 19, sum divisible by
    // 89. Only the first 11 characters are read (as the artefact reads them); fewer never pass.
    static bool australianBusinessNumber(QStringView value);
    // Greek TIN (AFM): the first eight digits weighted by 256 … 2, modulo 11 then 10, equal the ninth.
    static bool greekTin(QStringView value);
    // IBAN as the German national rules check it: blanks removed, two capitals, two digits, up to 30
    // letters or digits, and the ISO 13616 mod-97 remainder 1 (letters above 'Z' counted as the artefact
    // counts them: code point minus 55).
    static bool germanRulesIban(QStringView value);
};

} // namespace ades::eu
