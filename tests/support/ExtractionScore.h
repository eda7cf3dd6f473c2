#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace ades::test {

// The scoring of the Zyte article-extraction-benchmark (its evaluate.py, as ../shared/data/web/extraction/
// README describes it): texts become Unicode word tokens, tokens 4-word shingles counted with multiplicity,
// per-page precision and recall from the shingle multisets, averaged over pages; F1 is the harmonic mean of
// the two averages; accuracy the share of pages whose token sequence equals the truth's.
namespace ExtractionScore {

struct Page
{
    double precision = 0;
    double recall = 0;
    bool predicted = false; // the prediction has at least one shingle (else left out of the precision mean)
    bool exact = false; // token sequences equal
};

struct Figures
{
    double precision = 0;
    double recall = 0;
    double f1 = 0;
    double accuracy = 0;
    // Standard deviations over bootstrap resamples of the pages.
    double precisionSd = 0;
    double recallSd = 0;
    double f1Sd = 0;
    double accuracySd = 0;
    int pages = 0;
};

// Maximal runs of what Python's \w matches on str: letters and numbers of any script, and '_'.
QStringList wordTokens(const QString &text);
Page comparePage(const QString &truth, const QString &prediction);
// `truth` and `predictions` by page id; an id missing from `predictions` counts as an empty prediction.
// `bootstrapSamples` resamples (0: none) with a fixed seed so a run repeats exactly.
Figures score(const QHash<QString, QString> &truth, const QHash<QString, QString> &predictions,
    int bootstrapSamples = 0);

} // namespace ExtractionScore

// The corpus of ../shared/data/web/extraction/: ground truth, page HTML and the anchors' outputs.
namespace ExtractionCorpus {

QString directory(); // empty when ../shared/data is absent
// id -> articleBody, and id -> url.
QHash<QString, QString> truth(QHash<QString, QString> *urls = nullptr);
// The decompressed HTML of one page, empty when unreadable.
QByteArray html(const QString &id);
// Anchor system names (the file names under anchors/ without .json).
QStringList anchors();
// id -> articleBody of one anchor file (plain or {"output": ...} shape).
QHash<QString, QString> anchor(const QString &system);

} // namespace ExtractionCorpus

} // namespace ades::test
