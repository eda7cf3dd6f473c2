#include "TestData.h"
#include "ops/extract/DocumentExtraction.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>
#include <QTest>
#include <QThreadPool>

using namespace Qt::StringLiterals;
using namespace ades::extract;

// Runs extract.document on every receipt of ../shared/data/ocr/sroie/ and scores it exactly as that
// folder's README defines SROIE task 3: a field is correct when its text equals the label after trimming
// and collapsing whitespace (no case folding, no normalisation); precision over non-empty predictions,
// recall over labels, F1 pooled over fields. Predictions are the fields as printed (vendor.printed,
// date.printed, total.printed); ADES does not extract the address, which costs recall in the four-field
// figure. Checks the figures against the floors recorded in docs/conformance.md ("Receipt extraction").
class TestExtractSroie : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sroie();
};

namespace {

QString normalised(const QString &s)
{
    return s.simplified();
}

double recordedFigure(const QString &key)
{
    QFile doc(ades::test::sourceDir() + u"/docs/conformance.md"_s);
    if (!doc.open(QIODevice::ReadOnly))
        return -1;
    // Rows "| sroie.<key> | <figure> |" of the receipt extraction section.
    const QRegularExpression row(
        u"\\|\\s*`sroie\\.%1`\\s*\\|\\s*([0-9.]+)"_s.arg(QRegularExpression::escape(key)));
    const auto m = row.match(QString::fromUtf8(doc.readAll()));
    return m.hasMatch() ? m.captured(1).toDouble() : -1;
}

} // namespace

void TestExtractSroie::sroie()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString dir = ades::test::sharedDataDir() + u"/ocr/sroie/"_s;
    const QStringList images = QDir(dir + u"img"_s).entryList({ u"*.jpg"_s }, QDir::Files, QDir::Name);
    QVERIFY2(images.size() >= 70, "the SROIE folder holds 70 receipts");

    const QStringList fields { u"company"_s, u"date"_s, u"total"_s, u"address"_s };
    const QHash<QString, QString> predictedFrom { { u"company"_s, u"vendor"_s }, { u"date"_s, u"date"_s },
        { u"total"_s, u"total"_s } };
    QHash<QString, int> correct, predicted;
    int labels = 0;
    QMutex mutex;
    QThreadPool pool;
    pool.setMaxThreadCount(qMax(1, QThread::idealThreadCount()));
    const ExtractLimits limits;
    for (const QString &image : images) {
        pool.start([&, image]() {
            QFile file(dir + u"img/"_s + image);
            QFile keyFile(dir + u"key/"_s + QString(image).replace(u".jpg"_s, u".json"_s));
            if (!file.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
                return;
            const QJsonObject key = QJsonDocument::fromJson(keyFile.readAll()).object();
            const auto result = DocumentExtraction::run(file.readAll(), image, limits);
            QMutexLocker lock(&mutex);
            for (const QString &field : fields) {
                const QString truth = normalised(key.value(field).toString());
                labels += truth.isEmpty() ? 0 : 1;
                if (!result.ok() || !predictedFrom.contains(field))
                    continue;
                const QString guess = normalised(result.value()
                                                     .value(predictedFrom.value(field))
                                                     .toObject()
                                                     .value(u"printed"_s)
                                                     .toString());
                if (guess.isEmpty())
                    continue;
                ++predicted[field];
                if (guess == truth)
                    ++correct[field];
                else
                    qInfo().noquote() << image << field << "expected" << truth << "got" << guess;
            }
        });
    }
    pool.waitForDone();

    const int n = int(images.size());
    const auto f1 = [&](const QStringList &which) {
        int c = 0, p = 0;
        for (const QString &f : which) {
            c += correct.value(f);
            p += predicted.value(f);
        }
        const double precision = p ? double(c) / p : 0;
        const double recall = double(c) / (n * which.size());
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
    };
    QHash<QString, double> figures {
        { u"f1_company_date_total"_s, f1({ u"company"_s, u"date"_s, u"total"_s }) },
        { u"f1_all_four"_s, f1(fields) },
        { u"company_accuracy"_s, double(correct.value(u"company"_s)) / n },
        { u"date_accuracy"_s, double(correct.value(u"date"_s)) / n },
        { u"total_accuracy"_s, double(correct.value(u"total"_s)) / n },
    };
    Q_UNUSED(labels);
    for (auto it = figures.cbegin(); it != figures.cend(); ++it)
        qInfo().noquote() << u"sroie.%1 = %2"_s.arg(it.key()).arg(it.value(), 0, 'f', 3);
    for (auto it = figures.cbegin(); it != figures.cend(); ++it) {
        const double floor = recordedFigure(it.key());
        QVERIFY2(floor >= 0, qPrintable(u"docs/conformance.md records no sroie.%1"_s.arg(it.key())));
        QVERIFY2(it.value() + 1e-9 >= floor,
            qPrintable(u"sroie.%1 = %2 is below the recorded %3"_s.arg(it.key()).arg(it.value()).arg(floor)));
    }
}

QTEST_GUILESS_MAIN(TestExtractSroie)
#include "TestExtractSroie.moc"
