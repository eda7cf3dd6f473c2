#pragma once

#include <QSet>
#include <QString>
#include <QStringView>

// Shared by the EN 16931 rule families (CoreRules, CalculationRules, VatCategoryRules, CodeListRules,
// DocumentSyntaxRules); internal to the einvoice folder.
namespace ades::eu::rules {

// A literal as a QStringView whose length is fixed at compile time. Comparing a QString with a bare u"..."
// measured the literal (qustrlen) on every call, and the element loops of the rules make millions of those
// comparisons per corpus pass; with the length known, most comparisons end at the size check.
constexpr QStringView operator""_sv(const char16_t *text, size_t length) noexcept
{
    return QStringView(text, qsizetype(length));
}

// The complete lists (CodeList::Coverage::Complete) the model checks and the bindings use directly.
const QSet<QString> &countryCodes();
const QSet<QString> &currencyCodes();
const QSet<QString> &mimeCodes();
const QSet<QString> &vatCategoryCodes();

// The namespaces the document-level checks look for.
extern const QString CacNs; // UBL CommonAggregateComponents-2
extern const QString CbcNs; // UBL CommonBasicComponents-2
extern const QString RamNs; // CII ReusableAggregateBusinessInformationEntity:100
extern const QString UdtNs; // CII UnqualifiedDataType:100

} // namespace ades::eu::rules
