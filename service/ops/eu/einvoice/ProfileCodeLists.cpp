#include "ProfileCodeLists.h"

#include <QFile>
#include <QHash>
#include <QMutex>
#include <map>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

struct ListFile
{
    QHash<QString, QSet<QString>> lists;
    QStringList errors;
};

ListFile readFile(const QString &file)
{
    ListFile result;
    QFile in(u":/einvoice/"_s + file);
    if (!in.open(QIODevice::ReadOnly)) {
        result.errors << u"%1: cannot be read"_s.arg(file);
        return result;
    }
    QString current;
    const QStringList lines = QString::fromUtf8(in.readAll()).split(u'\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString line = lines.at(n).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        if (line.startsWith(u"list:")) {
            current = line.mid(5).trimmed();
            if (current.isEmpty() || result.lists.contains(current))
                result.errors << u"%1 line %2: missing or repeated list name"_s.arg(file).arg(n + 1);
            result.lists.insert(current, {});
        } else if (current.isEmpty()) {
            result.errors << u"%1 line %2: codes before the first 'list:'"_s.arg(file).arg(n + 1);
        } else if (line.startsWith(u"same-as:")) {
            const QString other = line.mid(8).trimmed();
            if (!result.lists.contains(other) || other == current)
                result.errors << u"%1 line %2: unknown list '%3'"_s.arg(file).arg(n + 1).arg(other);
            else
                result.lists[current] = result.lists.value(other);
        } else {
            for (const QString &code : line.split(u' ', Qt::SkipEmptyParts))
                result.lists[current].insert(code);
        }
    }
    return result;
}

const ListFile &listFile(const QString &file)
{
    static QMutex mutex;
    static std::map<QString, ListFile> files;
    const QMutexLocker lock(&mutex);
    auto it = files.find(file);
    if (it == files.end())
        it = files.emplace(file, readFile(file)).first;
    return it->second;
}

} // namespace

const QSet<QString> *ProfileCodeLists::find(const QString &file, const QString &list)
{
    const ListFile &f = listFile(file);
    const auto it = f.lists.constFind(list);
    return it == f.lists.cend() ? nullptr : &it.value();
}

QStringList ProfileCodeLists::errors(const QString &file)
{
    return listFile(file).errors;
}

} // namespace ades::eu
