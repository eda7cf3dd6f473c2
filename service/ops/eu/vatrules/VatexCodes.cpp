#include "VatexCodes.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>

using namespace Qt::StringLiterals;

namespace ades::eu {

Result<VatexCodes> VatexCodes::parse(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (root.value(u"format"_s).toString() != u"ades-vatex/1"_s)
        return ServiceError::internal(u"VATEX list: not in the ades-vatex/1 format"_s);
    VatexCodes codes;
    codes.m_asOf = QDate::fromString(root.value(u"as_of"_s).toString(), Qt::ISODate);
    codes.m_source = root.value(u"source"_s).toString();
    for (const QJsonValue &c : root.value(u"categories"_s).toArray()) {
        const QJsonObject o = c.toObject();
        codes.m_categories.insert(o.value(u"code"_s).toString(), o.value(u"name"_s).toString());
    }
    for (const QJsonValue &c : root.value(u"codes"_s).toArray()) {
        const QJsonObject o = c.toObject();
        codes.m_codes.insert(o.value(u"code"_s).toString(),
            Code { o.value(u"category"_s).toString(), o.value(u"text"_s).toString() });
    }
    if (!codes.m_asOf.isValid() || codes.m_categories.isEmpty() || codes.m_codes.isEmpty())
        return ServiceError::internal(u"VATEX list: as_of, categories or codes missing"_s);
    return codes;
}

std::shared_ptr<const VatexCodes> VatexCodes::bundled()
{
    static const std::shared_ptr<const VatexCodes> list = [] {
        QFile file(u":/vat/vatex.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("VATEX list :/vat/vatex.json is missing from the build");
        Result<VatexCodes> parsed = VatexCodes::parse(file.readAll());
        if (!parsed.ok())
            qFatal("%s", qPrintable(parsed.error().message()));
        return std::make_shared<const VatexCodes>(std::move(parsed.value()));
    }();
    return list;
}

} // namespace ades::eu
