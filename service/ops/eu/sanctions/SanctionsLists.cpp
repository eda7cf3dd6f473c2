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
    const QMutexLocker lock(&m_mutex);
    return m_index;
}

Result<int> SanctionsLists::rebuild(const QList<QByteArray> &contents)
{
    QList<SanctionsList> lists;
    for (const QByteArray &content : contents) {
        Result<SanctionsList> parsed = SanctionsListParser::parse(content);
        if (!parsed.ok())
            return parsed.error();
        lists.append(parsed.value());
    }
    std::shared_ptr<const SanctionsIndex> index = SanctionsIndex::build(lists, bundledNormalizer());
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

} // namespace ades::eu
