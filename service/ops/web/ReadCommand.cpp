#include "ReadCommand.h"

#include "article/ArticleExtractor.h"

#include <QFile>
#include <QJsonDocument>
#include <QUrl>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::web {

QString ReadCommand::usage()
{
    return u"  ades read FILE.html [--url URL] [--format text|markdown]  main text and metadata of a saved "
           "page as JSON (- reads stdin; nothing is fetched)\n"_s;
}

int ReadCommand::run(const QStringList &arguments)
{
    QString path;
    QUrl url;
    Article::Format format = Article::Format::Markdown;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == u"--url"_s && i + 1 < arguments.size()) {
            url = QUrl(arguments.at(++i));
        } else if (argument == u"--format"_s && i + 1 < arguments.size()) {
            const QString name = arguments.at(++i);
            if (name != u"text"_s && name != u"markdown"_s) {
                std::fprintf(stderr, "ades read: --format is text or markdown\n");
                return 2;
            }
            format = name == u"text"_s ? Article::Format::Text : Article::Format::Markdown;
        } else if (path.isEmpty() && (argument == u"-"_s || !argument.startsWith(u"--"_s))) {
            path = argument;
        } else {
            path.clear();
            break;
        }
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: ades read FILE.html [--url URL] [--format text|markdown]\n");
        return 2;
    }
    QFile file(path);
    const bool opened
        = path == u"-"_s ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
    if (!opened) {
        std::fprintf(stderr, "ades read: %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return 2;
    }
    const Result<Article> article
        = ArticleExtractor::extract(file.read(ArticleExtractor::MaxInputBytes + 1), url);
    if (!article.ok()) {
        const QJsonObject error { { u"error_code"_s, article.error().code() },
            { u"message"_s, article.error().message() } };
        std::fprintf(stdout, "%s\n", QJsonDocument(error).toJson(QJsonDocument::Compact).constData());
        return 2;
    }
    std::fprintf(stdout, "%s",
        QJsonDocument(article.value().toJson(format)).toJson(QJsonDocument::Indented).constData());
    return 0;
}

} // namespace ades::web
