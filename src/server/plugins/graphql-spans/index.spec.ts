import { parse } from 'graphql';
import { maskedDocument } from '.';

describe('the document a GraphQL span records', () => {
  it('keeps names, variables, enums and the shape, and shows every value written into it as *', () => {
    const document = parse(`
      query Find($limit: Int = 20, $exact: Boolean = false) {
        search(text: "order 42", notes: """a secret""", limit: $limit, exact: $exact, min: 0.5, flags: [true, 3], by: { field: NAME, value: "x" }) {
          ...Hit
        }
      }
      fragment Hit on Result { id score(boost: 2) }
    `);
    expect(maskedDocument(document)).toBe(
      'query Find($limit:Int=*$exact:Boolean=*){search(text:"*" notes:"*" limit:$limit exact:$exact min:* flags:[* *]by:{field:NAME value:"*"}){...Hit}}' +
        'fragment Hit on Result{id score(boost:*)}',
    );
  });

  it('shows nothing a mutation writes', () => {
    const text = maskedDocument(parse('mutation { rename(id: "7", name: "secret", weight: 12) { id } }'));
    expect(text).toBe('mutation{rename(id:"*" name:"*" weight:*){id}}');
  });
});
