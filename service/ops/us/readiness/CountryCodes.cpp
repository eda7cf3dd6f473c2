#include "CountryCodes.h"

#include <QFile>
#include <QSet>

using namespace Qt::StringLiterals;

namespace ades::us::CountryCodes {

namespace {

QSet<QString> load()
{
    QSet<QString> codes;
    QFile file(u":/einvoice/iso3166-alpha2.txt"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("us: the bundled ISO 3166 list is missing");
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith('#') || line.startsWith("list:"))
            continue;
        for (const QByteArray &code : line.simplified().split(' ')) {
            if (code.size() == 2)
                codes.insert(QString::fromLatin1(code));
        }
    }
    // EN 16931 code-list additions, not ISO 3166 codes: no country of manufacture is written this way.
    codes.remove(u"1A"_s);
    codes.remove(u"XI"_s);
    return codes;
}

} // namespace

bool isIso3166Alpha2(const QString &code)
{
    static const QSet<QString> codes = load();
    return codes.contains(code);
}

} // namespace ades::us::CountryCodes
