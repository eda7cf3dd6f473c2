// The AI-disclosure record's own work per call, which runs on the I/O thread (docs/ai-disclosure.md): read
// and check the request, hash the content (UTF-8 text or decoded base64), decide Article 50 and build the
// record. Rows: a fingerprint, text of 1 KiB and 64 KiB, and text and base64 bytes at the 1 MiB bound.
#include "ops/disclosure/DisclosureFacts.h"
#include "ops/disclosure/DisclosureRecord.h"

#include <QDateTime>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::disclosure;

class BenchAiDisclosure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void record_data();
    void record();
    // The part the operation's input check repeats on the I/O thread before any payment: reading alone.
    void read_data() { record_data(); }
    void read();
};

void BenchAiDisclosure::record_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<int>("form");
    const QJsonObject flags { { u"model"_s, u"m-1"_s }, { u"model_provider"_s, u"Acme"_s },
        { u"public_interest"_s, true }, { u"interacts_with_persons"_s, true } };
    const auto with = [&flags](const QString &key, const QJsonValue &value) {
        QJsonObject o = flags;
        o.insert(key, value);
        return o;
    };
    QTest::newRow("fingerprint") << with(u"content_sha256"_s, QString(64, u'a'))
                                 << int(DisclosureFacts::Form::Fingerprint);
    QTest::newRow("text-1KiB") << with(u"content"_s, QString(1024, u'x'))
                               << int(DisclosureFacts::Form::Content);
    QTest::newRow("text-64KiB") << with(u"content"_s, QString(64 * 1024, u'x'))
                                << int(DisclosureFacts::Form::Content);
    QTest::newRow("text-1MiB") << with(u"content"_s, QString(DisclosureFacts::MaxContentBytes, u'x'))
                               << int(DisclosureFacts::Form::Content);
    QTest::newRow("base64-1MiB") << with(u"content_base64"_s,
        QString::fromLatin1(QByteArray(DisclosureFacts::MaxContentBytes, '\x7f').toBase64()))
                                 << int(DisclosureFacts::Form::Content);
}

void BenchAiDisclosure::record()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(int, form);
    const QDateTime now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    QJsonObject out;
    QBENCHMARK
    {
        Result<DisclosureFacts> facts = DisclosureFacts::read(arguments, DisclosureFacts::Form(form));
        DisclosureFacts read = facts.value();
        read.hashContent();
        out = DisclosureRecord::build(read, now, false);
    }
    QCOMPARE(out.value(u"content"_s).toObject().value(u"sha256"_s).toString().size(), 64);
}

void BenchAiDisclosure::read()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(int, form);
    bool ok = false;
    QBENCHMARK
    {
        ok = DisclosureFacts::read(arguments, DisclosureFacts::Form(form)).ok();
    }
    QVERIFY(ok);
}

QTEST_APPLESS_MAIN(BenchAiDisclosure)
#include "BenchAiDisclosure.moc"
