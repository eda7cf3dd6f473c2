// The web reader's extraction on the benchmark corpus of ../shared/data/web/extraction/: quality scored as
// the benchmark scores it (tests/support/ExtractionScore), next to the 23 anchors' outputs on the same pages,
// and extraction time per page. Figures are recorded in docs/conformance.md and docs/web-reader.md.
//
//   BenchWebExtraction [--runs N] [--pages] [--dump DIR]
//     --runs N    extractions of each page for the timing (default 5; the per-page figure is the median)
//     --pages     one line per page: id, precision, recall, tokens of truth and of the prediction
//     --dump DIR  writes each page's text to DIR/<id>.txt

#include "ExtractionScore.h"
#include "ops/web/article/ArticleExtractor.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype index = qMin(values.size() - 1, qsizetype(p * double(values.size() - 1) + 0.5));
    return values.at(index);
}

void printFigures(const char *system, const ExtractionScore::Figures &f)
{
    std::printf("| %-22s | %.3f ± %.3f | %.3f ± %.3f | %.3f ± %.3f | %.3f ± %.3f |\n", system, f.f1, f.f1Sd,
        f.precision, f.precisionSd, f.recall, f.recallSd, f.accuracy, f.accuracySd);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    int runs = 5;
    QString dumpDir;
    bool perPage = false;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == u"--runs"_s && i + 1 < args.size())
            runs = qMax(1, args.at(++i).toInt());
        else if (args.at(i) == u"--dump"_s && i + 1 < args.size())
            dumpDir = args.at(++i);
        else if (args.at(i) == u"--pages"_s)
            perPage = true;
    }
    if (ExtractionCorpus::directory().isEmpty()) {
        std::printf("../shared/data/web/extraction is absent: nothing to measure\n");
        return 0;
    }
    QHash<QString, QString> urls;
    const QHash<QString, QString> truth = ExtractionCorpus::truth(&urls);
    QStringList ids = truth.keys();
    ids.sort();

    QHash<QString, QString> predictions;
    QList<double> pageMillis;
    qint64 htmlBytes = 0;
    for (const QString &id : std::as_const(ids)) {
        const QByteArray html = ExtractionCorpus::html(id);
        htmlBytes += html.size();
        QList<double> times;
        QString text;
        for (int r = 0; r < runs; ++r) {
            QElapsedTimer timer;
            timer.start();
            const Result<web::Article> article = web::ArticleExtractor::extract(html, QUrl(urls.value(id)));
            times.append(double(timer.nsecsElapsed()) / 1e6);
            if (article.ok())
                text = article.value().text;
        }
        pageMillis.append(percentile(times, 0.5));
        predictions.insert(id, text);
        if (!dumpDir.isEmpty()) {
            QDir().mkpath(dumpDir);
            QFile out(dumpDir + u'/' + id + u".txt"_s);
            if (out.open(QIODevice::WriteOnly))
                out.write(text.toUtf8());
        }
        if (perPage) {
            const ExtractionScore::Page page = ExtractionScore::comparePage(truth.value(id), text);
            std::printf("%s  P %.3f  R %.3f  truth %lld  predicted %lld\n", qPrintable(id), page.precision,
                page.recall, qlonglong(ExtractionScore::wordTokens(truth.value(id)).size()),
                qlonglong(ExtractionScore::wordTokens(text).size()));
        }
    }

    std::printf("Extraction quality on %lld pages (benchmark scoring; ± over 1,000 bootstrap resamples)\n\n",
        qlonglong(ids.size()));
    std::printf(
        "| system                 | F1            | precision     | recall        | accuracy      |\n");
    std::printf("|---|---|---|---|---|\n");
    printFigures("ADES", ExtractionScore::score(truth, predictions, 1000));
    for (const QString &system : ExtractionCorpus::anchors())
        printFigures(
            qPrintable(system), ExtractionScore::score(truth, ExtractionCorpus::anchor(system), 1000));

    double total = 0;
    for (const double ms : std::as_const(pageMillis))
        total += ms;
    std::printf("\nExtraction time per page (%lld pages, %.1f MB of HTML, median of %d runs each):\n",
        qlonglong(ids.size()), double(htmlBytes) / 1e6, runs);
    std::printf("  median %.2f ms   p90 %.2f ms   max %.2f ms   mean %.2f ms   %.1f MB/s\n",
        percentile(pageMillis, 0.5), percentile(pageMillis, 0.9), percentile(pageMillis, 1.0),
        total / double(qMax<qsizetype>(1, pageMillis.size())), double(htmlBytes) / 1e3 / qMax(total, 1e-9));
    return 0;
}
