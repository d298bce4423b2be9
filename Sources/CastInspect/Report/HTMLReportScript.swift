/// The report's two inline scripts. The page's Content-Security-Policy allows exactly these (by SHA-256), so
/// nothing else can run even if some capture text escaped its escaping.
enum HTMLReportScript {
    /// First script in the page: records script errors and CSP violations on the root element, where a headless
    /// browser's DOM dump (and a person's inspector) can see them.
    static let errorHook = """
        (function(){var r=document.documentElement;function note(k,m){var o=r.getAttribute(k);\
        r.setAttribute(k,(o?o+' | ':'')+m);}window.addEventListener('error',function(e){\
        note('data-js-error',String(e.message||e.type));});window.addEventListener('unhandledrejection',\
        function(e){note('data-js-error',String(e.reason));});document.addEventListener(\
        'securitypolicyviolation',function(e){note('data-csp-violation',String(e.violatedDirective));});\
        var ce=console.error;console.error=function(){\
        note('data-console-error',Array.prototype.join.call(arguments,' '));\
        return ce.apply(console,arguments);};})();
        """

    /// The message table: filters (namespace, type, text), paging, rows expandable to the pretty-printed payload,
    /// state in the URL hash (`#filter:ns=…&type=…&q=…&page=N&seq=N`).
    static let main = """
        (function(){'use strict';
        var root=document.documentElement;
        var data=JSON.parse(document.getElementById('report-data').textContent);
        var S=data.strings,R=data.rows,PAGE=100;
        var st={ns:'',type:'',q:'',page:0,open:0};
        var nsSel=document.getElementById('f-ns'),typeSel=document.getElementById('f-type'),
        qIn=document.getElementById('f-q'),body=document.getElementById('msg-body'),
        status=document.getElementById('f-status'),pageOut=document.getElementById('f-page');
        function str(i){return i>=0&&i<S.length?S[i]:'';}
        function options(sel,col){var seen=Object.create(null),vals=[];for(var i=0;i<R.length;i++){var v=str(R[i][col]);
        if(v&&!seen[v]){seen[v]=1;vals.push(v);}}vals.sort();vals.forEach(function(v){
        var o=document.createElement('option');o.value=v;o.textContent=v;sel.appendChild(o);});}
        options(nsSel,6);options(typeSel,7);
        var matches=[];
        function filter(){var q=st.q.toLowerCase();matches=[];for(var i=0;i<R.length;i++){var r=R[i];
        if(st.ns&&str(r[6])!==st.ns)continue;if(st.type&&str(r[7])!==st.type)continue;
        if(q){var h=(r[12]+' '+str(r[4])+' '+str(r[5])+' '+str(r[6])+' '+str(r[7])+' '+str(r[2])).toLowerCase();
        if(h.indexOf(q)<0)continue;}matches.push(i);}}
        function secs(us){var s=(us-data.start)/1e6;return '+'+s.toFixed(3);}
        function shortNs(n){return n.replace(/^urn:x-cast:/,'').replace(/^com\\.google\\.cast\\./,'')
        .replace(/^tp\\./,'');}
        function pretty(p){try{return JSON.stringify(JSON.parse(p),null,2);}catch(e){return p;}}
        function cell(tr,text,cls){var td=document.createElement('td');td.textContent=text;if(cls)td.className=cls;
        tr.appendChild(td);return td;}
        function detail(r){var tr=document.createElement('tr');tr.className='detail';
        var td=document.createElement('td');
        td.colSpan=8;var pre=document.createElement('pre');var t=pretty(r[12]);
        if(r[11]&2)t+='\\n… (payload shortened to keep the report small)';pre.textContent=t;td.appendChild(pre);
        tr.appendChild(td);return tr;}
        function render(){while(body.firstChild)body.removeChild(body.firstChild);
        var pages=Math.max(1,Math.ceil(matches.length/PAGE));if(st.page>=pages)st.page=pages-1;if(st.page<0)st.page=0;
        var end=Math.min(matches.length,(st.page+1)*PAGE);
        for(var k=st.page*PAGE;k<end;k++){(function(r){var tr=document.createElement('tr');
        tr.className='msg'+(r[11]&1?' error':'');tr.setAttribute('data-seq',String(r[0]));
        cell(tr,String(r[0]));cell(tr,secs(r[1]),'mono');cell(tr,r[2]>=0?str(r[2]):'mDNS','mono');
        cell(tr,r[3]===0?(r[11]&8?'query':'\\u2192'):(r[11]&8?'response':'\\u2190'));
        cell(tr,str(r[4])+' \\u2192 '+str(r[5]),'mono');cell(tr,shortNs(str(r[6]))).title=str(r[6]);
        var ty=str(r[7]);
        if(r[10]>=0)ty+=' (reply to '+str(r[10])+(r[9]!==null?' after '+(r[9]/1000).toFixed(1)+' ms':'')+')';
        cell(tr,ty);cell(tr,r[12].length>200?r[12].slice(0,200)+'\\u2026':r[12],'payload');body.appendChild(tr);
        var open=null;function toggle(){if(open){body.removeChild(open);open=null;}else{open=detail(r);
        body.insertBefore(open,tr.nextSibling);}}tr.addEventListener('click',toggle);
        if(st.open===r[0])toggle();})(R[matches[k]]);}
        status.textContent=matches.length+' of '+R.length+' messages match';
        pageOut.textContent='page '+(st.page+1)+' of '+pages;
        root.setAttribute('data-rows-shown',String(body.querySelectorAll('tr.msg').length));
        root.setAttribute('data-rows-matching',String(matches.length));}
        function readHash(){var h=location.hash;if(h.indexOf('#filter:')!==0)return false;
        st={ns:'',type:'',q:'',page:0,open:0};var seq=0;h.slice(8).split('&').forEach(function(kv){
        var i=kv.indexOf('=');if(i<0)return;var k=kv.slice(0,i),v='';try{v=decodeURIComponent(kv.slice(i+1));}catch(e){}
        if(k==='ns'||k==='type'||k==='q')st[k]=v;if(k==='page')st.page=Math.max(0,(parseInt(v,10)||1)-1);
        if(k==='seq')seq=parseInt(v,10)||0;});nsSel.value=st.ns;typeSel.value=st.type;qIn.value=st.q;
        filter();if(seq>0){for(var k=0;k<matches.length;k++){if(R[matches[k]][0]===seq){st.page=Math.floor(k/PAGE);
        st.open=seq;break;}}}return true;}
        function writeHash(){var h='#filter:ns='+encodeURIComponent(st.ns)+'&type='+encodeURIComponent(st.type)+
        '&q='+encodeURIComponent(st.q)+'&page='+(st.page+1);if(history.replaceState)history.replaceState(null,'',h);}
        function changed(){st.ns=nsSel.value;st.type=typeSel.value;st.q=qIn.value;st.page=0;st.open=0;filter();render();
        writeHash();}
        var timer=null;qIn.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(changed,200);});
        nsSel.addEventListener('change',changed);typeSel.addEventListener('change',changed);
        document.getElementById('f-prev').addEventListener('click',function(){st.page--;render();writeHash();});
        document.getElementById('f-next').addEventListener('click',function(){st.page++;render();writeHash();});
        window.addEventListener('hashchange',function(){if(readHash()){render();
        document.getElementById('messages').scrollIntoView();}});
        if(!readHash())filter();render();
        root.setAttribute('data-svg-count',String(document.querySelectorAll('svg.diagram').length));
        root.setAttribute('data-report-ready','yes');})();
        """
}
