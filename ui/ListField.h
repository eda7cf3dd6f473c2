#pragma once

#include "FormField.h"

class QListWidget;
class QPushButton;

namespace ades::ui {

// An array of strings, numbers or booleans: an editable list, one item per row, with buttons to add and
// remove items. Each item is converted to the items' type; empty sends nothing.
class ListField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::ListField)

public:
    ListField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    // True when the items are of one scalar type (or an enum) that a text row can hold.
    static bool canEdit(const QJsonObject &schema);

    QWidget *widget() const override { return m_container; }
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;
    FormField *fieldAt(const QString &path) override;

    QListWidget *list() const { return m_list; }
    void addItem(const QString &text);

private:
    QJsonValue convert(const QString &text) const;

    QWidget *m_container = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QString m_itemType;
};

} // namespace ades::ui
