#include "TestData.h"
#include "ops/eu/lei/LeiCode.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::LeiCode;

// Every vector of ../shared/data/gleif/lei-vectors.json (python-stdnum's, the GLEIF sample's LEIs and
// derived invalid ones). Lower case: accepted and upper-cased, like IBANs and VAT IDs (docs/counterparty.md).
class TestLeiVectors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectorsArePresent();
    void vector_data();
    void vector();
};

namespace {

QJsonArray loadVectors()
{
    return ades::test::sharedJsonArray(u"gleif/lei-vectors.json"_s);
}

} // namespace

void TestLeiVectors::vectorsArePresent()
{
    ADES_REQUIRE_SHARED_DATA();
    const QJsonArray vectors = loadVectors();
    // A truncated or moved file must not pass as "no rows"; the file holds both kinds and a lower-case one.
    QVERIFY(vectors.size() >= 139);
    int valid = 0;
    int lower = 0;
    for (const QJsonValue &v : vectors) {
        valid += v.toObject().value(u"valid"_s).toBool() ? 1 : 0;
        const QString lei = v.toObject().value(u"lei"_s).toString();
        lower += lei != lei.toUpper() ? 1 : 0;
    }
    QVERIFY(valid > 100);
    QVERIFY(vectors.size() - valid > 20);
    QVERIFY(lower >= 1);
}

void TestLeiVectors::vector_data()
{
    QTest::addColumn<QString>("lei");
    QTest::addColumn<bool>("valid");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    const QJsonArray vectors = loadVectors();
    for (qsizetype i = 0; i < vectors.size(); ++i) {
        const QJsonObject v = vectors.at(i).toObject();
        const QString lei = v.value(u"lei"_s).toString();
        QTest::newRow(qPrintable(u"%1-%2"_s.arg(qlonglong(i), 3, 10, QChar(u'0')).arg(lei)))
            << lei << v.value(u"valid"_s).toBool();
    }
}

void TestLeiVectors::vector()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, lei);
    QFETCH(bool, valid);
    const auto a = LeiCode::analyse(lei);
    QVERIFY2(a.valid == valid, qPrintable(a.message));
    QCOMPARE(a.normalized, lei.toUpper());
    if (valid) {
        QVERIFY(a.error.isEmpty());
        // The check digits follow from the first 18 characters.
        QCOMPARE(LeiCode::checkDigits(a.normalized.left(18)), a.normalized.right(2));
    } else {
        QVERIFY(!a.error.isEmpty());
    }
}

QTEST_APPLESS_MAIN(TestLeiVectors)
#include "TestLeiVectors.moc"
