#include "TestData.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLibraryInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {

struct Message
{
    QString context;
    QString source;
    QString type; // the translation's type attribute: "", "unfinished", "obsolete", "vanished"
    QStringList translations; // one, or one per numerus form
};

// The messages of a Qt Linguist catalogue.
QList<Message> readCatalogue(const QString &path)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            if (xml.isEndElement() && xml.name() == u"message"_s)
                messages.append(current);
            continue;
        }
        if (xml.name() == u"name"_s) {
            context = xml.readElementText();
        } else if (xml.name() == u"message"_s) {
            current = Message { context, {}, {}, {} };
        } else if (xml.name() == u"source"_s) {
            current.source = xml.readElementText();
        } else if (xml.name() == u"translation"_s) {
            current.type = xml.attributes().value(u"type"_s).toString();
            // A numerus translation holds <numerusform> children; a plain one only text.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                else if (xml.isStartElement() && xml.name() == u"numerusform"_s)
                    current.translations.append(xml.readElementText());
                else if (xml.isEndElement() && xml.name() == u"translation"_s)
                    break;
            }
            if (current.translations.isEmpty())
                current.translations.append(text);
        }
    }
    return messages;
}

QString lupdatePath()
{
    for (const auto location : { QLibraryInfo::BinariesPath, QLibraryInfo::LibraryExecutablesPath }) {
        const QString candidate = QLibraryInfo::path(location) + u"/lupdate"_s;
        if (QFileInfo(candidate).isExecutable())
            return candidate;
    }
    return {};
}

} // namespace

// The German catalogue is complete: every string the console marks for translation (a fresh lupdate scan of
// ui/ and app/GuiMain.cpp, the sources ui/CMakeLists.txt gives lupdate) is in translations/ades_de.ts with a
// finished, non-empty translation, and the catalogue holds nothing unfinished.
class TestTranslationCatalogue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void germanCatalogueIsComplete();
};

void TestTranslationCatalogue::germanCatalogueIsComplete()
{
    const QString lupdate = lupdatePath();
    if (lupdate.isEmpty())
        QSKIP(
            "lupdate is not installed (qt6-l10n-tools): the catalogue cannot be checked against the sources");
    const QString source = ades::test::sourceDir();
    const QString committed = source + u"/translations/ades_de.ts"_s;
    QVERIFY2(QFileInfo::exists(committed), qPrintable(committed));

    QStringList files;
    QDirIterator it(source + u"/ui"_s, { u"*.cpp"_s, u"*.h"_s }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.append(source + u"/app/GuiMain.cpp"_s);
    QTemporaryDir dir;
    const QString fresh = dir.filePath(u"fresh_de.ts"_s);
    QProcess process;
    process.start(lupdate,
        QStringList { u"-no-obsolete"_s, u"-locations"_s, u"none"_s, u"-I"_s, source + u"/ui"_s, u"-I"_s,
            source + u"/service"_s }
            + files + QStringList { u"-ts"_s, fresh });
    QVERIFY(process.waitForFinished(120'000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

    const QList<Message> scanned = readCatalogue(fresh);
    QVERIFY2(scanned.size() > 100, qPrintable(QString::number(scanned.size())));
    QHash<QString, Message> german;
    for (const Message &message : readCatalogue(committed)) {
        german.insert(message.context + u'\n' + message.source, message);
        QVERIFY2(message.type != u"unfinished"_s,
            qPrintable(u"unfinished in ades_de.ts: %1 / %2"_s.arg(message.context, message.source)));
    }
    QStringList problems;
    for (const Message &message : scanned) {
        const auto found = german.constFind(message.context + u'\n' + message.source);
        if (found == german.cend()) {
            problems.append(u"missing: %1 / %2"_s.arg(message.context, message.source));
            continue;
        }
        if (!found->type.isEmpty())
            problems.append(u"%1: %2 / %3"_s.arg(found->type, message.context, message.source));
        for (const QString &translation : found->translations) {
            if (translation.trimmed().isEmpty())
                problems.append(u"empty: %1 / %2"_s.arg(message.context, message.source));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QTEST_MAIN(TestTranslationCatalogue)
#include "TestTranslationCatalogue.moc"
