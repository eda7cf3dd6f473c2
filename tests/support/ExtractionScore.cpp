#include "ExtractionScore.h"

#include "TestData.h"
#include "ops/eu/sanctions/GzipReader.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace ExtractionScore {

namespace {

QHash<QString, int> shingles(const QStringList &tokens)
{
    QHash<QString, int> counts;
    if (tokens.isEmpty())
        return counts;
    if (tokens.size() < 4) {
        ++counts[tokens.join(u'\x1f')];
        return counts;
    }
    for (qsizetype i = 0; i + 4 <= tokens.size(); ++i) {
        const QString key = tokens.at(i) + u'\x1f' + tokens.at(i + 1) + u'\x1f' + tokens.at(i + 2) + u'\x1f'
            + tokens.at(i + 3);
        ++counts[key];
    }
    return counts;
}

struct Means
{
    double precision = 0;
    double recall = 0;
    double f1 = 0;
    double accuracy = 0;
};

Means means(const QList<Page> &pages, const QList<qsizetype> &sample)
{
    double precisionSum = 0;
    int precisionCount = 0;
    double recallSum = 0;
    int exact = 0;
    for (const qsizetype index : sample) {
        const Page &page = pages.at(index);
        if (page.predicted) {
            precisionSum += page.precision;
            ++precisionCount;
        }
        recallSum += page.recall;
        exact += page.exact ? 1 : 0;
    }
    Means m;
    m.precision = precisionCount > 0 ? precisionSum / precisionCount : 0;
    m.recall = sample.isEmpty() ? 0 : recallSum / double(sample.size());
    m.f1 = m.precision + m.recall > 0 ? 2 * m.precision * m.recall / (m.precision + m.recall) : 0;
    m.accuracy = sample.isEmpty() ? 0 : double(exact) / double(sample.size());
    return m;
}

} // namespace

QStringList wordTokens(const QString &text)
{
    QStringList tokens;
    QString current;
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t code = text.at(i).unicode();
        qsizetype width = 1;
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            code = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            width = 2;
        }
        if (QChar::isLetterOrNumber(code) || code == U'_') {
            current += text.mid(i, width);
        } else if (!current.isEmpty()) {
            tokens.append(current);
            current.clear();
        }
        i += width - 1;
    }
    if (!current.isEmpty())
        tokens.append(current);
    return tokens;
}

Page comparePage(const QString &truth, const QString &prediction)
{
    const QStringList truthTokens = wordTokens(truth);
    const QStringList predictedTokens = wordTokens(prediction);
    const QHash<QString, int> expected = shingles(truthTokens);
    const QHash<QString, int> predicted = shingles(predictedTokens);
    Page page;
    page.exact = truthTokens == predictedTokens;
    page.predicted = !predicted.isEmpty();
    double tp = 0;
    double fp = 0;
    double fn = 0;
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        const int other = predicted.value(it.key());
        tp += qMin(it.value(), other);
        fn += qMax(0, it.value() - other);
    }
    for (auto it = predicted.cbegin(); it != predicted.cend(); ++it)
        fp += qMax(0, it.value() - expected.value(it.key()));
    if (fp == 0 && fn == 0) {
        page.precision = 1;
        page.recall = 1;
        return page;
    }
    page.precision = tp + fp > 0 ? tp / (tp + fp) : 0;
    page.recall = tp + fn > 0 ? tp / (tp + fn) : 0;
    if (!page.predicted)
        page.recall = 0;
    return page;
}

Figures score(
    const QHash<QString, QString> &truth, const QHash<QString, QString> &predictions, int bootstrapSamples)
{
    QStringList ids = truth.keys();
    ids.sort();
    QList<Page> pages;
    for (const QString &id : std::as_const(ids))
        pages.append(comparePage(truth.value(id), predictions.value(id)));
    QList<qsizetype> all;
    for (qsizetype i = 0; i < pages.size(); ++i)
        all.append(i);
    const Means point = means(pages, all);
    Figures figures;
    figures.precision = point.precision;
    figures.recall = point.recall;
    figures.f1 = point.f1;
    figures.accuracy = point.accuracy;
    figures.pages = int(pages.size());
    if (bootstrapSamples > 0 && !pages.isEmpty()) {
        QRandomGenerator random(20);
        Means sum;
        Means squares;
        for (int s = 0; s < bootstrapSamples; ++s) {
            QList<qsizetype> sample;
            for (qsizetype i = 0; i < pages.size(); ++i)
                sample.append(qsizetype(random.bounded(quint32(pages.size()))));
            const Means m = means(pages, sample);
            sum.precision += m.precision;
            sum.recall += m.recall;
            sum.f1 += m.f1;
            sum.accuracy += m.accuracy;
            squares.precision += m.precision * m.precision;
            squares.recall += m.recall * m.recall;
            squares.f1 += m.f1 * m.f1;
            squares.accuracy += m.accuracy * m.accuracy;
        }
        auto sd = [bootstrapSamples](double total, double totalSquares) {
            const double mean = total / bootstrapSamples;
            return std::sqrt(qMax(0.0, totalSquares / bootstrapSamples - mean * mean));
        };
        figures.precisionSd = sd(sum.precision, squares.precision);
        figures.recallSd = sd(sum.recall, squares.recall);
        figures.f1Sd = sd(sum.f1, squares.f1);
        figures.accuracySd = sd(sum.accuracy, squares.accuracy);
    }
    return figures;
}

} // namespace ExtractionScore

namespace ExtractionCorpus {

namespace {

QJsonObject readObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

QString directory()
{
    const QString shared = sharedDataDir();
    if (shared.isEmpty())
        return {};
    const QString dir = shared + u"/web/extraction"_s;
    return QFile::exists(dir + u"/ground-truth.json"_s) ? dir : QString();
}

QHash<QString, QString> truth(QHash<QString, QString> *urls)
{
    QHash<QString, QString> bodies;
    const QJsonObject object = readObject(directory() + u"/ground-truth.json"_s);
    for (auto it = object.begin(); it != object.end(); ++it) {
        bodies.insert(it.key(), it.value().toObject().value(u"articleBody"_s).toString());
        if (urls)
            urls->insert(it.key(), it.value().toObject().value(u"url"_s).toString());
    }
    return bodies;
}

QByteArray html(const QString &id)
{
    QFile file(directory() + u"/html/"_s + id + u".html.gz"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const Result<QByteArray> data = eu::GzipReader::decompress(file.readAll(), 64 * 1024 * 1024);
    return data.ok() ? data.value() : QByteArray();
}

QStringList anchors()
{
    QStringList names = QDir(directory() + u"/anchors"_s).entryList({ u"*.json"_s }, QDir::Files, QDir::Name);
    for (QString &name : names)
        name.chop(5);
    return names;
}

QHash<QString, QString> anchor(const QString &system)
{
    QJsonObject object = readObject(directory() + u"/anchors/"_s + system + u".json"_s);
    if (object.value(u"output"_s).isObject())
        object = object.value(u"output"_s).toObject();
    QHash<QString, QString> bodies;
    for (auto it = object.begin(); it != object.end(); ++it)
        bodies.insert(it.key(), it.value().toObject().value(u"articleBody"_s).toString());
    return bodies;
}

} // namespace ExtractionCorpus

} // namespace ades::test
