#include "XRechnungCodeLists.h"

#include "../../CodeList.h"
#include "XRechnungRuleContext.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace ades::eu::xrechnung {

namespace {

CodeList load(const QString &name)
{
    QFile resource(u":/einvoice/xrechnung/%1.txt"_s.arg(name));
    if (!resource.open(QIODevice::ReadOnly))
        return {};
    return CodeList::parse(resource.readAll());
}

// Loaded once per process (thread-safe static initialisation), then shared read-only.
struct Lists
{
    CodeList icd = load(u"icd"_s);
    CodeList eas = load(u"eas"_s);
    CodeList itemTypes = load(u"uncl7143-cvd"_s);
    CodeList mime = load(u"mime"_s);
};

const Lists &lists()
{
    static const Lists instance;
    return instance;
}

bool schemeAccepted(const CodeList &list, QStringView value)
{
    const QString normalised = XRechnungRuleContext::normalizeSpace(value);
    if (normalised.contains(u' '))
        return false;
    return normalised.isEmpty() || list.codes().contains(normalised);
}

} // namespace

bool XRechnungCodeLists::icdAccepts(QStringView schemeId)
{
    return schemeAccepted(lists().icd, schemeId);
}

bool XRechnungCodeLists::easAccepts(QStringView schemeId)
{
    return schemeAccepted(lists().eas, schemeId);
}

bool XRechnungCodeLists::itemTypeAccepts(QStringView listId)
{
    return schemeAccepted(lists().itemTypes, listId);
}

bool XRechnungCodeLists::extensionMimeAccepts(const QString &mimeCode)
{
    return lists().mime.codes().contains(mimeCode);
}

bool XRechnungCodeLists::vehicleCategory(const QString &normalised)
{
    static const QSet<QString> categories = { u"M1"_s, u"M2"_s, u"M3"_s, u"N1"_s, u"N2"_s, u"N3"_s };
    return categories.contains(normalised);
}

bool XRechnungCodeLists::cleanVehicleValue(const QString &normalised)
{
    static const QSet<QString> values = { u"clean"_s, u"zero-emission"_s, u"other"_s };
    return values.contains(normalised);
}

} // namespace ades::eu::xrechnung
