#include "SanctionsLists.h"

#include "SanctionsListParser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

std::shared_ptr<const NameNormalizer> bundledNormalizer()
{
    auto normalizer = std::make_shared<NameNormalizer>();
    QFile orgTypes(u":/sanctions/rigour_org_types.yml"_s);
    if (orgTypes.open(QIODevice::ReadOnly))
        normalizer->addRigourOrgTypes(orgTypes.readAll());
    QFile stopwords(u":/sanctions/rigour_stopwords.yml"_s);
    if (stopwords.open(QIODevice::ReadOnly))
        normalizer->addRigourPersonPrefixes(stopwords.readAll());
    return normalizer;
}

} // namespace

SanctionsLists::SanctionsLists(QString dataDir)
    : m_dataDir(std::move(dataDir))
{ }

QString SanctionsLists::folder() const
{
    return QDir(m_dataDir).filePath(u"sanctions"_s);
}

std::shared_ptr<const SanctionsIndex> SanctionsLists::index() const
{
    std::call_once(m_loadOnce, [this]() {
        if (const Result<int> loaded = const_cast<SanctionsLists *>(this)->loadKept(); !loaded.ok())
            qWarning("sanctions: the kept lists cannot be loaded: %s", qPrintable(loaded.error().message()));
    });
    return loadedIndex();
}

std::shared_ptr<const SanctionsIndex> SanctionsLists::loadedIndex() const
{
    const QMutexLocker lock(&m_mutex);
    return m_index;
}

Result<int> SanctionsLists::rebuild(const QList<QByteArray> &contents)
{
    // Several kept files may cover one list (a snapshot and an official download): per list, the entries of
    // the file with the newest generation date win, so no subject is indexed twice.
    QHash<int, SanctionsList> newest;
    for (const QByteArray &content : contents) {
        Result<SanctionsList> parsed = SanctionsListParser::parse(content);
        if (!parsed.ok())
            return parsed.error();
        QHash<int, SanctionsList> groups;
        for (const SanctionsEntry &entry : std::as_const(parsed.value().entries)) {
            SanctionsList &group = groups[int(entry.list)];
            group.entries.append(entry);
            group.generationDate = qMax(group.generationDate, entry.listDate);
        }
        for (auto it = groups.begin(); it != groups.end(); ++it) {
            if (!newest.contains(it.key())
                || it.value().generationDate > newest.value(it.key()).generationDate)
                newest.insert(it.key(), it.value());
        }
    }
    std::shared_ptr<const SanctionsIndex> index = SanctionsIndex::build(newest.values(), bundledNormalizer());
    const int entries = int(index->entries().size());
    const QMutexLocker lock(&m_mutex);
    m_index = std::move(index);
    return entries;
}

Result<int> SanctionsLists::loadKept()
{
    const QFileInfoList files = QDir(folder()).entryInfoList(QDir::Files, QDir::Name);
    QList<QByteArray> contents;
    for (const QFileInfo &info : files) {
        QFile file(info.filePath());
        if (file.open(QIODevice::ReadOnly))
            contents.append(file.readAll());
    }
    if (contents.isEmpty())
        return 0;
    return rebuild(contents);
}

Result<int> SanctionsLists::import(const QStringList &files)
{
    QList<QByteArray> contents;
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return ServiceError::badRequest(u"unreadable_file"_s, u"Cannot read %1."_s.arg(path), u"file"_s);
        contents.append(file.readAll());
        Result<SanctionsList> parsed = SanctionsListParser::parse(contents.last());
        if (!parsed.ok())
            return ServiceError::unprocessable(parsed.error().code(),
                u"%1: %2"_s.arg(QFileInfo(path).fileName(), parsed.error().message()), u"file"_s);
    }
    QDir().mkpath(folder());
    for (qsizetype i = 0; i < files.size(); ++i) {
        QFile kept(QDir(folder()).filePath(QFileInfo(files.at(i)).fileName()));
        if (!kept.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || kept.write(contents.at(i)) != contents.at(i).size())
            return ServiceError::internal(u"Cannot keep %1 in the data folder."_s.arg(files.at(i)));
    }
    return loadKept();
}

Result<int> SanctionsLists::acceptDownload(SanctionsEntry::List list, const QByteArray &content)
{
    const QString code = SanctionsEntry::listCode(list);
    Result<SanctionsList> parsed = SanctionsListParser::parse(content);
    if (!parsed.ok())
        return parsed.error();
    int fresh = 0;
    QString freshDate;
    for (const SanctionsEntry &entry : std::as_const(parsed.value().entries)) {
        if (entry.list == list) {
            ++fresh;
            freshDate = qMax(freshDate, entry.listDate);
        }
    }
    if (fresh == 0)
        return ServiceError::unprocessable(
            u"list_empty"_s, u"The %1 download holds no %1 entries."_s.arg(code), u"file"_s);
    if (const std::shared_ptr<const SanctionsIndex> current = index()) {
        const int kept = current->entryCount(list);
        const QString keptDate = current->generationDate(list);
        if (!keptDate.isEmpty() && freshDate < keptDate)
            return ServiceError::unprocessable(u"list_older_than_kept"_s,
                u"The %1 download is dated %2, older than the kept list of %3."_s.arg(
                    code, freshDate, keptDate),
                u"file"_s);
        if (kept > 0 && (fresh * 5 < kept * 4 || fresh * 4 > kept * 5))
            return ServiceError::unprocessable(u"list_count_out_of_band"_s,
                u"The %1 download has %2 entries against %3 kept: outside 80-125 %, not trusted."_s.arg(code)
                    .arg(fresh)
                    .arg(kept),
                u"file"_s);
    }
    QDir().mkpath(folder());
    QFile kept(QDir(folder()).filePath(u"official-"_s + code));
    if (!kept.open(QIODevice::WriteOnly | QIODevice::Truncate) || kept.write(content) != content.size())
        return ServiceError::internal(u"Cannot keep the %1 list in the data folder."_s.arg(code));
    kept.close();
    return loadKept();
}

void SanctionsLists::recordRefresh(SanctionsEntry::List list, const QDateTime &at, const QString &problem)
{
    const QMutexLocker lock(&m_mutex);
    m_refreshes.insert(int(list), { at, problem });
}

QJsonObject SanctionsLists::refreshReport() const
{
    const QMutexLocker lock(&m_mutex);
    QJsonObject report;
    for (auto it = m_refreshes.cbegin(); it != m_refreshes.cend(); ++it) {
        report.insert(SanctionsEntry::listCode(SanctionsEntry::List(it.key())),
            QJsonObject { { u"at"_s, it.value().first.toUTC().toString(Qt::ISODate) },
                { u"ok"_s, it.value().second.isEmpty() },
                { u"problem"_s,
                    it.value().second.isEmpty() ? QJsonValue() : QJsonValue(it.value().second) } });
    }
    return report;
}

} // namespace ades::eu
