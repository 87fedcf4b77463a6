"""The words of other languages than English that forbid a name, call an
example wrong, introduce the agent's answer or label a tool's name in a
title, as prompts written in them use them (German, French,
Spanish, Chinese, Japanese, Russian): ``args: `seconds`, nicht `hours```,
```hours` (已弃用)``, ``Falsches Beispiel:``, ``错误示例：``. They only ever make
doxtool say less: a name they forbid is not taught, an example they label
wrong teaches nothing (:mod:`doxtool.prompts.negation` reads them beside the
English ones)."""

from __future__ import annotations

import re

#: words right before a name that forbid it: ``nicht `hours```, ``statt
#: `msg```, ``jamais `x```, ``au lieu de `x```, ``en lugar de `x```,
#: ``不要用 `x```, ``而不是 `x```, ``вместо `x```
BEFORE = (
    r"(?<![\w-])(?:nicht|nie|niemals|kein(?:e|en)?|statt|anstatt|anstelle[ \t]+von|"
    r"pas|jamais|au[ \t]+lieu[ \t]+de|plut[oô]t[ \t]+que|nunca|en[ \t]+(?:lugar|vez)[ \t]+de|"
    r"не|никогда|вместо)"
    r"|(?:不要|不用|勿|禁止|别)(?:用|使用|传|传入|发送|设置)?|而不是|不是|代わりに|使わない"
)
#: words that say a name is gone, standing as a mark after it (``(veraltet)``,
#: ``: entfernt``, ``(obsolète)``, ``(已弃用)``, ``（非推奨）``); a word of a
#: Latin or Cyrillic script only when no letter follows it
GONE = (
    r"(?:(?<![\w-])(?:veraltet|entfernt|obsol[eè]te?|supprim[ée]e?|d[ée]pr[ée]ci[ée]e?|"
    r"obsolet[oa]|eliminad[oa]|en[ \t]+desuso|устарел[аои]?|удал[её]н[аои]?)"
    r"(?=[ \t]*(?:[^\w\s`]|\Z))"
    r"|已?(?:弃用|废弃|移除|删除)|非推奨|廃止|削除済み)"
)
#: words that say a name is not there yet, as a mark after it (``(demnächst)``,
#: ``(bientôt)``, ``(próximamente)``, ``（即将推出）``, ``(скоро)``)
NOT_YET = (
    r"demnächst|bald[ \t]+verfügbar|geplant|noch[ \t]+nicht[ \t]+verfügbar|"
    r"bientôt|(?:à|a)[ \t]+venir|prévue?|pas[ \t]+encore[ \t]+disponible|"
    r"próximamente|proximamente|planead[oa]|todavía[ \t]+no[ \t]+disponible|"
    r"即将推出|计划中|尚未(?:支持|实现|提供)|近日公開|未実装|"
    r"скоро|планируется|(?:ещё|еще)[ \t]+не[ \t]+доступ\w*"
)
#: a label that calls the example after it wrong: ``Falsch``, ``Falsches
#: Beispiel``, ``So nicht``, ``Mauvais exemple``, ``Exemple incorrect``,
#: ``Incorrecto``, ``错误示例``, ``反例``, ``悪い例``, ``Так нельзя``
WRONG_LABEL = (
    r"(?:falsch|schlecht|ungültig|unzulässig)(?:e|es|er|en)?(?:[ \t]+(?:beispiel|aufruf|"
    r"verwendung|format|antwort))?|verboten|nicht[ \t]+(?:erlaubt|zulässig|so|kopieren)|"
    r"so[ \t]+nicht|"
    r"(?:mauvais|incorrect|invalide|interdit)e?(?:[ \t]+(?:exemple|appel|usage|format))?|"
    r"(?:exemple|appel|usage)[ \t]+(?:incorrect|invalide|interdit|mauvais)e?|"
    r"(?:à|a)[ \t]+ne[ \t]+pas[ \t]+faire|"
    r"(?:incorrect|inválid|invalid|prohibid|mal)[oa]?(?:[ \t]+(?:ejemplo|uso|llamada|formato))?|"
    r"(?:ejemplo|uso|llamada)[ \t]+(?:incorrect|inválid|invalid|prohibid|mal)[oa]|"
    r"no[ \t]+(?:hagas|haga)[ \t]+(?:esto|eso|así)|"
    r"(?:错误|不正确|禁止|不要这样(?:做|写)?)(?:的)?(?:示例|例子|用法|调用|格式|写法)?|反例|"
    r"(?:悪い|誤った|間違った|NG)(?:例|使い方|呼び出し)?|誤り|間違い|"
    r"неправильн(?:о|ый(?:[ \t]+пример)?)|неверн(?:о|ый(?:[ \t]+пример)?)|(?:так[ \t]+)?нельзя|"
    r"плохой[ \t]+пример|"
    # the title of a section of mistakes: ``Häufige Fehler``, ``Erreurs
    # courantes``, ``Errores comunes``, ``常见错误``, ``よくある間違い``,
    # ``Типичные ошибки``
    r"(?:häufige|typische|gängige)[ \t]+fehler|"
    r"erreurs[ \t]+(?:courantes|fréquentes|frequentes|typiques|à[ \t]+éviter)|"
    r"errores[ \t]+(?:comunes|frecuentes|típicos|tipicos|a[ \t]+evitar)|"
    r"常见(?:的)?错误|易错点|よくある(?:間違い|誤り|ミス)|"
    r"(?:частые|типичные|распространённые|распространенные)[ \t]+ошибки"
)
#: a short explanation after a label's words (``Falsch (zusätzliche
#: Schlüssel)``, ``错误（多余的键）``, ``Falsch — nie so``)
EXPLAINED = r"(?:[ \t]*(?:[(\uff08].*[)\uff09]|[,\uff0c\u2014\u2013].*|-(?=[ \t-]|$).*)|[ \t]+-.*)?"

WRONG_LABEL_RE = re.compile(rf"(?:{WRONG_LABEL}){EXPLAINED}", re.I)


#: a label that calls the example after it right, or shows the fix of a
#: mistake: ``Richtig``, ``Stattdessen``, ``Bon exemple``, ``À la place``,
#: ``Correcto``, ``En su lugar``, ``正确示例``, ``正しい例``, ``Правильно``
RIGHT_LABEL = (
    r"(?:richtig|korrekt)(?:e|es|er|en)?(?:[ \t]+(?:beispiel|aufruf|verwendung))?|"
    r"stattdessen|besser|so[ \t]+ist[ \t]+es[ \t]+richtig|"
    r"bon[ \t]+exemple|(?:exemple|appel)[ \t]+correct|(?:à|a)[ \t]+la[ \t]+place|"
    r"correct[oa](?:[ \t]+(?:ejemplo|uso|llamada))?|(?:ejemplo|uso)[ \t]+correcto|"
    r"en[ \t]+su[ \t]+lugar|"
    r"正确(?:的)?(?:示例|例子|用法|调用|写法)?|应该这样(?:写|做)?|正しい(?:例|使い方|呼び出し)?|"
    r"правильн(?:о|ый(?:[ \t]+пример)?)|вместо[ \t]+этого"
)
RIGHT_LABEL_RE = re.compile(
    rf"[\s*_]*(?:{RIGHT_LABEL}){EXPLAINED}[\s*_]*[:!\uff1a\uff01]?[\s*_]*", re.I
)


#: the word "tool" in other languages, as a label before a tool's name in a
#: title (``### Werkzeug: todo``, ``## Outil : todo``, ``### 工具：todo``)
TOOL_WORDS = r"werkzeug|outil|herramienta|ferramenta|strumento|инструмент|工具|ツール"

#: words of a label that introduce the agent's answer (``Danach antworte dem
#: Benutzer:``, ``Réponse finale :``, ``Luego responde al usuario:``,
#: ``然后回复用户：``), as :mod:`doxtool.prompts.introduced` reads English ones
ANSWER = (
    r"(?<!\w)(?:antwort\w*|erwider\w*|r[ée]pon\w*|respuesta\w*|respond\w*|respost\w*|"
    r"rispo(?:st|nd)\w*|ответ\w*|отвеч\w*)"
    r"|回复|回答|答复|最终答案|返信|返答|最終回答"
)

#: a sentence telling what to always give, ending in a colon, as
#: :mod:`doxtool.prompts.exlabels` reads ``Always give an end time:``:
#: ``Immer ein Ende angeben:``, ``Gib immer ein Ende an:``, ``Indiquez
#: toujours une fin :``, ``Siempre indica un final:``, ``务必提供结束时间：``,
#: ``必ず終了時刻を指定：``, ``Всегда указывайте конец:`` (not ``Immer ohne
#: Ende warten:``, which tells the mistake)
_GIVE_DE = r"geben|setzen|verwenden|nutzen|benutzen|senden|schicken|schreiben|fügen|rufen"
ALWAYS = (
    # (a whole verb, its prefix known: not ``angegeben``, which tells what was done)
    rf"immer[ \t][^:\n]*\b(?:(?:an|ein|mit|über|hinzu)?(?:zu)?(?:{_GIVE_DE})|aufrufen)[ \t]*|"
    r"(?:gib|gebe|setze?|verwende|nutze|benutze|sende|schicke?|schreibe?|übergib|füge|rufe?|"
    rf"(?:{_GIVE_DE}|übergeben)[ \t]+sie)[ \t]+immer\b[^:\n]*|"
    r"toujours[ \t]+(?:indiquer|passer|donner|utiliser|fournir|préciser|envoyer|définir|"
    r"ajouter|inclure)\b[^:\n]*|"
    r"(?:indiquez|passez|donnez|utilisez|fournissez|précisez|envoyez|définissez|ajoutez|"
    r"incluez|indique|passe|donne|utilise|fournis|précise)[ \t]+toujours\b[^:\n]*|"
    r"siempre[ \t]+(?:indica|pasa|da|usa|utiliza|proporciona|especifica|envía|envia|"
    r"incluye|añade|define|indique|pase|use|utilice|proporcione|especifique)\b[^:\n]*|"
    r"(?:indica|pasa|usa|utiliza|proporciona|especifica|incluye)[ \t]+siempre\b[^:\n]*|"
    r"(?:.*[。！？][ \t]*)?(?:始终|总是|务必|一定要)(?:要)?"
    r"(?:提供|传入|传|给出|指定|设置|使用|填写|带上|包含)[^:：\n]*|"
    r"(?:.*[。！？][ \t]*)?必ず[^:：\n]*(?:指定|渡|使用|設定|含め|付け)[^:：\n]*|"
    r"всегда[ \t]+(?:указыва|передава|используй|задава|добавля)\w*[^:\n]*|"
    r"(?:указывайте|передавайте|используйте|задавайте)[ \t]+всегда\b[^:\n]*"
)
