#pragma once

#include "core/Result.h"

#include <QDate>
#include <QHash>
#include <QString>
#include <QStringView>
#include <memory>

class QByteArray;

namespace ades::eu {

// The EN 16931 VAT category codes (BT-151) and the CEF VATEX exemption reason codes (BT-121) shipped as
// ":/vat/vatex.json" (resources/vat/SOURCES.md), with their meanings. Immutable: shared by every thread.
class VatexCodes
{
public:
    // The bundled list, parsed on first use (thread-safe); a broken bundled file aborts with qFatal.
    static std::shared_ptr<const VatexCodes> bundled();
    static Result<VatexCodes> parse(const QByteArray &json);

    QDate asOf() const { return m_asOf; }
    QString source() const { return m_source; }
    // "Standard rated" for "S"; empty for an unknown category.
    QString categoryName(QStringView category) const { return m_categories.value(category.toString()); }
    // The code list's meaning of "VATEX-EU-IC"; empty for an unknown code.
    QString codeText(QStringView code) const { return m_codes.value(code.toString()).text; }
    // The one category a code may be combined with ("K" for VATEX-EU-IC); empty for an unknown code.
    QString codeCategory(QStringView code) const { return m_codes.value(code.toString()).category; }
    qsizetype codeCount() const { return m_codes.size(); }

private:
    struct Code
    {
        QString category;
        QString text;
    };

    QDate m_asOf;
    QString m_source;
    QHash<QString, QString> m_categories;
    QHash<QString, Code> m_codes;
};

} // namespace ades::eu
