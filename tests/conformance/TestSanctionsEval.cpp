#include "TestData.h"
#include "ops/eu/sanctions/NameNormalizer.h"
#include "ops/eu/sanctions/SanctionsIndex.h"
#include "ops/eu/sanctions/SanctionsListParser.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Screens every query of data/sanctions/eval at the default threshold against the combined index and
// checks the figures against the floors recorded in docs/conformance.md ("Sanctions"): a figure may only
// improve. Prints the figures so a run documents itself.
class TestSanctionsEval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void queries_data();
    void queries();
    void pairs();

private:
    // Recorded figure for `key` in docs/conformance.md; fails the test when it is missing.
    double recorded(const QString &key);
    QString evalDir() const { return ades::test::sharedDataDir() + u"/sanctions/eval/"_s; }

    std::shared_ptr<const SanctionsIndex> m_index;
    QHash<QString, double> m_recorded;
};

static std::shared_ptr<const NameNormalizer> rigourNormalizer()
{
    auto normalizer = std::make_shared<NameNormalizer>(); // with the bundled person titles
    const QString dir = ades::test::sharedDataDir() + u"/sanctions/matching_resources/"_s;
    QFile orgTypes(dir + u"rigour_org_types.yml"_s);
    if (orgTypes.open(QIODevice::ReadOnly))
        normalizer->addRigourOrgTypes(orgTypes.readAll());
    QFile stopwords(dir + u"rigour_stopwords.yml"_s);
    if (stopwords.open(QIODevice::ReadOnly))
        normalizer->addRigourPersonPrefixes(stopwords.readAll());
    return normalizer;
}

void TestSanctionsEval::initTestCase()
{
    if (ades::test::sharedDataDir().isEmpty())
        return;
    QFile file(ades::test::sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QElapsedTimer timer;
    timer.start();
    auto parsed = SanctionsListParser::parse(file.readAll());
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    m_index = SanctionsIndex::build({ parsed.value() }, rigourNormalizer());
    qInfo("combined index: %lld entries, %lld names, built in %lld ms", qlonglong(m_index->entries().size()),
        qlonglong(m_index->nameCount()), qlonglong(timer.elapsed()));

    QFile doc(ades::test::sourceDir() + u"/docs/conformance.md"_s);
    QVERIFY2(doc.open(QIODevice::ReadOnly), "docs/conformance.md is missing");
    static const QRegularExpression row(
        uR"(^\|\s*`(sanctions\.[a-z0-9_.]+)`\s*\|\s*([0-9.]+)\s*\|)"_s, QRegularExpression::MultilineOption);
    auto it = row.globalMatch(QString::fromUtf8(doc.readAll()));
    while (it.hasNext()) {
        const auto m = it.next();
        m_recorded.insert(m.captured(1), m.captured(2).toDouble());
    }
}

double TestSanctionsEval::recorded(const QString &key)
{
    if (!m_recorded.contains(key))
        qWarning("docs/conformance.md records no figure for %s", qPrintable(key));
    return m_recorded.value(key, -1.0);
}

void TestSanctionsEval::queries_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("key");
    QTest::newRow("generated") << u"queries_generated.jsonl"_s << u"generated"_s;
    QTest::newRow("yente_un_positives") << u"queries_yente_un_positives.jsonl"_s << u"yente_un"_s;
    QTest::newRow("putin_variants") << u"queries_putin_variants.jsonl"_s << u"putin"_s;
    QTest::newRow("yente_negatives") << u"queries_yente_negatives.jsonl"_s << u"negatives"_s;
}

void TestSanctionsEval::queries()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    QFETCH(QString, key);
    QFile in(evalDir() + file);
    QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file));
    int positives = 0;
    int recalled = 0;
    int topHits = 0;
    int negatives = 0;
    int falseHits = 0;
    // Positives per query kind (the row's `variant`): a regression in one kind shows even when the total
    // holds.
    QMap<QString, std::pair<int, int>> perVariant; // variant -> (recalled, positives)
    QElapsedTimer timer;
    timer.start();
    while (!in.atEnd()) {
        const QByteArray line = in.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject row = QJsonDocument::fromJson(line).object();
        const QJsonObject q = row.value(u"query"_s).toObject();
        SanctionsQuery query;
        query.name = q.value(u"name"_s).toString();
        query.country = q.value(u"country"_s).toString();
        query.birthDate = q.value(u"birth_date"_s).toString();
        query.limit = 5;
        const QString schema = q.value(u"schema"_s).toString();
        if (schema == u"Person")
            query.subjectType = SanctionsEntry::SubjectType::Person;
        else if (schema == u"Organization")
            query.subjectType = SanctionsEntry::SubjectType::Entity;
        else if (schema == u"Vessel")
            query.subjectType = SanctionsEntry::SubjectType::Ship;
        const QList<SanctionsHit> hits = m_index->screen(query);
        if (!row.value(u"expect_hit"_s).toBool()) {
            ++negatives;
            if (!hits.isEmpty()) {
                ++falseHits;
                if (qEnvironmentVariableIsSet("ADES_SANCTIONS_EVAL_VERBOSE"))
                    qInfo("  false hit %s -> %s %s %.3f", qPrintable(query.name),
                        qPrintable(hits.first().entry.reference), qPrintable(hits.first().matchedName.name),
                        hits.first().score);
            }
            continue;
        }
        ++positives;
        QSet<QString> accepted;
        for (const char *field : { "expected", "also_acceptable" })
            for (const QJsonValue &v : row.value(QLatin1StringView(field)).toArray())
                accepted.insert(v[u"list"_s].toString().toLower() + u':' + v[u"ref"_s].toString());
        bool found = false;
        for (const SanctionsHit &hit : hits)
            found = found
                || accepted.contains(SanctionsEntry::listCode(hit.entry.list) + u':' + hit.entry.reference);
        std::pair<int, int> &kind = perVariant[row.value(u"variant"_s).toString()];
        ++kind.second;
        if (found) {
            ++recalled;
            ++kind.first;
        }
        if (!found && qEnvironmentVariableIsSet("ADES_SANCTIONS_EVAL_VERBOSE"))
            qInfo("  missed %s: best %s %.3f", qPrintable(query.name),
                hits.isEmpty() ? "-" : qPrintable(hits.first().entry.reference),
                hits.isEmpty() ? 0.0 : hits.first().score);
        if (!hits.isEmpty()
            && accepted.contains(
                SanctionsEntry::listCode(hits.first().entry.list) + u':' + hits.first().entry.reference))
            ++topHits;
        else if (found && qEnvironmentVariableIsSet("ADES_SANCTIONS_EVAL_VERBOSE"))
            qInfo("  not first %s: first %s %s %.3f", qPrintable(query.name),
                qPrintable(hits.first().entry.reference), qPrintable(hits.first().matchedName.name),
                hits.first().score);
    }
    const qint64 ms = timer.elapsed();
    const int total = positives + negatives;
    qInfo("%s: %d queries in %lld ms (%.3f ms/query)", qPrintable(file), total, qlonglong(ms),
        total ? double(ms) / total : 0.0);
    if (positives > 0) {
        const double recall = double(recalled) / positives;
        const double top = double(topHits) / positives;
        qInfo("  recall@5 %.4f (%d/%d), top-hit rate %.4f", recall, recalled, positives, top);
        QVERIFY2(recall >= recorded(u"sanctions.recall."_s + key),
            qPrintable(u"recall %1 below the recorded floor"_s.arg(recall)));
        QVERIFY2(top >= recorded(u"sanctions.top_hit."_s + key),
            qPrintable(u"top-hit rate %1 below the recorded floor"_s.arg(top)));
        // Every kind is printed before any is checked, so one run shows all of them.
        QStringList below;
        for (auto it = perVariant.cbegin(); it != perVariant.cend(); ++it) {
            const double kindRecall = double(it->first) / it->second;
            const QString kindKey = u"sanctions.recall."_s + key + u'.' + it.key();
            qInfo("  %s %.4f (%d/%d)", qPrintable(kindKey), kindRecall, it->first, it->second);
            if (kindRecall < recorded(kindKey) || !m_recorded.contains(kindKey))
                below.append(kindKey);
        }
        QVERIFY2(
            below.isEmpty(), qPrintable(u"below the recorded floor or not recorded: "_s + below.join(u", ")));
    }
    if (negatives > 0) {
        const double rate = double(falseHits) / negatives;
        const double ceiling = recorded(u"sanctions.false_hits."_s + key);
        qInfo("  false hits %.4f (%d/%d)", rate, falseHits, negatives);
        QVERIFY2(ceiling >= 0.0 && rate <= ceiling,
            qPrintable(u"false-hit rate %1 above the recorded ceiling"_s.arg(rate)));
    }
}

void TestSanctionsEval::pairs()
{
    ADES_REQUIRE_SHARED_DATA();
    QFile in(evalDir() + u"pairs_nomenklatura_name_bench.csv"_s);
    QVERIFY(in.open(QIODevice::ReadOnly));
    in.readLine();
    int tp = 0, fp = 0, fn = 0, otp = 0, ofp = 0, ofn = 0, rows = 0;
    while (!in.atEnd()) {
        const QString line = QString::fromUtf8(in.readLine()).trimmed();
        if (line.isEmpty())
            continue;
        // case_group,schema,name1,name2,is_match,quality,category,notes,logicv2_score (names hold no commas)
        QStringList f = line.split(u',');
        if (f.size() < 9)
            continue;
        ++rows;
        const QString schema = f.at(1);
        const bool match = f.at(4) == u"true";
        const double theirs = f.last().toDouble();
        const std::optional<SanctionsEntry::SubjectType> type = schema == u"Person"
            ? std::optional(SanctionsEntry::SubjectType::Person)
            : (schema == u"Company" || schema == u"Organization"
                    ? std::optional(SanctionsEntry::SubjectType::Entity)
                    : std::nullopt);
        const double ours = m_index->compareNames(f.at(2), f.at(3), type);
        const bool mine = ours >= kDefaultSanctionsThreshold;
        if (mine != match && qEnvironmentVariableIsSet("ADES_SANCTIONS_EVAL_VERBOSE"))
            qInfo("  pair %s: %s | %s ours %.3f theirs %.3f", match ? "missed" : "false", qPrintable(f.at(2)),
                qPrintable(f.at(3)), ours, theirs);
        const bool os = theirs >= 0.7;
        tp += mine && match;
        fp += mine && !match;
        fn += !mine && match;
        otp += os && match;
        ofp += os && !match;
        ofn += !os && match;
    }
    auto f1 = [](int tp, int fp, int fn, double &p, double &r) {
        p = tp + fp ? double(tp) / (tp + fp) : 0.0;
        r = tp + fn ? double(tp) / (tp + fn) : 0.0;
        return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
    };
    double p = 0, r = 0, op = 0, orc = 0;
    const double ourF1 = f1(tp, fp, fn, p, r);
    const double theirF1 = f1(otp, ofp, ofn, op, orc);
    qInfo("pairs (%d): ours P %.4f R %.4f F1 %.4f; OpenSanctions logic-v2 P %.4f R %.4f F1 %.4f", rows, p, r,
        ourF1, op, orc, theirF1);
    QVERIFY(rows > 500);
    QVERIFY2(ourF1 >= recorded(u"sanctions.pairs.f1"_s),
        qPrintable(u"F1 %1 below the recorded floor"_s.arg(ourF1)));
}

QTEST_GUILESS_MAIN(TestSanctionsEval)
#include "TestSanctionsEval.moc"
